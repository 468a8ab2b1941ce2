/** Shown only if the app shell is not cached yet: a page instead of the browser's error. */
export const OFFLINE_PAGE = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Нет подключения</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;
color:#212529;text-align:center;padding:16px}button{font:inherit;padding:10px 20px;border-radius:8px;
border:0;background:#1c7ed6;color:#fff}</style></head>
<body><main><h1>Нет подключения к сети</h1>
<p>Проверьте интернет и попробуйте ещё раз.</p>
<button onclick="location.reload()">Повторить</button></main></body></html>`;
