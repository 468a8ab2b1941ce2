import { formatRubles } from '../../domain/money';
import { formatDateTimeIn } from '../../domain/date-time';
import { telHref } from '../../domain/phone';
import type { PublicEstimate, PublicStatusView } from '../../domain/public-status';
import { todayIn } from '../../domain/due-marks';
import { warrantyText, warrantyUntil } from '../../domain/warranty';

// The client's status page as plain HTML from the server: it opens at once on any phone, with
// no script (the app's CSP allows none inline, and none is needed) and nothing to log in to.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f3f5;color:#212529;line-height:1.45}
main{max-width:34rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1rem 1.25rem;margin-bottom:1rem;box-shadow:0 1px 3px rgb(0 0 0/8%)}
h1{font-size:1.35rem;margin:0 0 .25rem}
.device{color:#495057;margin:0}
.now{font-size:1.2rem;font-weight:700;color:#1864ab;margin:.75rem 0 0}
ol{list-style:none;margin:0;padding:0}
li{display:flex;gap:.75rem;padding:.45rem 0;align-items:baseline}
li::before{content:'';flex:none;width:.7rem;height:.7rem;border-radius:50%;border:2px solid #adb5bd;transform:translateY(.1rem)}
li.done::before{background:#2b8a3e;border-color:#2b8a3e}
li.current::before{background:#1864ab;border-color:#1864ab}
li.next{color:#5c636a}
li .text{flex:1}
li.current .text{font-weight:700}
time{color:#495057;font-size:.9rem;white-space:nowrap}
.shop{font-weight:700;margin:0 0 .25rem}
.line{margin:.15rem 0;color:#495057}
a.call{display:inline-block;margin-top:.5rem;padding:.6rem 1rem;border-radius:8px;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}
h2{font-size:1.1rem;margin:0 0 .5rem}
table{width:100%;border-collapse:collapse}
td{padding:.35rem 0;border-bottom:1px solid #e9ecef;vertical-align:top}
td.sum{text-align:right;white-space:nowrap;padding-left:.75rem}
.total{font-weight:700;margin:.6rem 0 0;text-align:right}
.answer{display:flex;gap:.75rem;margin-top:1rem;flex-wrap:wrap}
.answer button{flex:1;min-height:3rem;border-radius:8px;font:inherit;font-weight:600;border:2px solid #2b8a3e;cursor:pointer}
.answer .yes{background:#2b8a3e;color:#fff}
.answer .no{background:#fff;color:#a61e4d;border-color:#a61e4d}
.notice{background:#fff3bf;border-radius:8px;padding:.6rem .8rem;margin:0 0 1rem}
.answered{font-weight:600;margin:.75rem 0 0}
.lookup label{display:block;margin:.75rem 0 0;font-weight:600}
.lookup input{display:block;width:100%;box-sizing:border-box;margin-top:.25rem;padding:.6rem;font:inherit;font-size:1.1rem;border:1px solid #adb5bd;border-radius:8px}
.lookup button{margin-top:1rem;width:100%;min-height:3rem;border:0;border-radius:8px;background:#1864ab;color:#fff;font:inherit;font-weight:600;cursor:pointer}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/**
 * The estimate and, until the client answers, «Согласовать» / «Отказаться»: a plain form that
 * names the version shown, so an answer to a page opened before the estimate changed is refused.
 * «Отказаться» asks once more (`confirmDecline`): a refusal stops the repair, and a thumb slips.
 */
function estimateHtml(
  estimate: PublicEstimate,
  answerPath: string,
  timeZone: string,
  confirmDecline: boolean,
): string {
  const rows = estimate.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td>` +
        `<td class="sum">${escapeHtml(formatRubles(line.total))}</td></tr>`,
    )
    .join('');
  const when = estimate.answeredAt ? ` ${escapeHtml(formatDateTimeIn(estimate.answeredAt, timeZone))}` : '';
  const answer =
    estimate.answer === 'approved'
      ? `<p class="answered">Вы согласовали смету${when}.</p>`
      : estimate.answer === 'declined'
        ? `<p class="answered">Вы отказались от сметы${when}. Если передумаете, позвоните в сервис.</p>`
        : confirmDecline
          ? `<p class="answered">Отказаться от сметы? Без согласования ремонт по ней не начнётся.</p>
<form class="answer" method="post" action="${escapeHtml(answerPath)}">
<input type="hidden" name="version" value="${estimate.version}">
<input type="hidden" name="confirmed" value="1">
<button class="no" type="submit" name="answer" value="declined">Да, отказаться</button>
<button class="yes" type="submit" name="answer" value="approved">Согласовать</button>
</form>`
          : `<form class="answer" method="post" action="${escapeHtml(answerPath)}">
<input type="hidden" name="version" value="${estimate.version}">
<button class="yes" type="submit" name="answer" value="approved">Согласовать</button>
<button class="no" type="submit" name="answer" value="declined">Отказаться</button>
</form>`;
  return `<section class="card estimate" aria-label="Смета">
<h2>Смета на ремонт</h2>
<table>${rows}</table>
<p class="total">Итого: ${escapeHtml(formatRubles(estimate.total))}</p>
${answer}
</section>`;
}

/**
 * The ticket's page; dates in the shop's time zone («Настройки»), whatever the server's.
 * `notice` is a line on top (an answer refused); `answerPath` where the estimate's answer goes.
 */
export function statusPageHtml(
  view: PublicStatusView,
  timeZone: string,
  {
    answerPath,
    notice = '',
    confirmDecline = false,
    telegramLink = null,
  }: { answerPath: string; notice?: string; confirmDecline?: boolean; telegramLink?: string | null },
): string {
  const date = (iso: string) => formatDateTimeIn(iso, timeZone).slice(0, 10);
  const stages = view.stages
    .map(
      (stage) =>
        `<li class="${stage.state}"${stage.state === 'current' ? ' aria-current="step"' : ''}>` +
        `<span class="text">${escapeHtml(stage.text)}</span>` +
        (stage.at ? ` <time datetime="${escapeHtml(stage.at)}">${date(stage.at)}</time>` : '') +
        `</li>`,
    )
    .join('');
  const call = telHref(view.shop.phone);
  const shopLines = [view.shop.address, view.shop.hours && `Часы работы: ${view.shop.hours}`]
    .filter(Boolean)
    .map((line) => `<p class="line">${escapeHtml(line)}</p>`)
    .join('');
  const shop =
    view.shop.name || view.shop.phone || shopLines
      ? `<section class="card" aria-label="Сервис">
${view.shop.name ? `<p class="shop">${escapeHtml(view.shop.name)}</p>` : ''}${shopLines}
${
  call
    ? `<a class="call" href="${escapeHtml(call)}">Позвонить ${escapeHtml(view.shop.phone)}</a>`
    : view.shop.phone
      ? `<p class="line">Тел.: ${escapeHtml(view.shop.phone)}</p>`
      : ''
}
</section>`
      : '';
  const until = view.warranty && warrantyUntil(view.warranty.closedAt, view.warranty.days, timeZone);
  const warranty = until
    ? `<p class="line">${escapeHtml(capitalize(warrantyText(until, todayIn(timeZone, new Date()))))}</p>`
    : '';
  const title = `Заявка ${view.number}${view.shop.name ? ` — ${view.shop.name}` : ''}`;
  return page(
    title,
    `${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}<section class="card">
<h1>Заявка ${escapeHtml(view.number)}</h1>
${view.device ? `<p class="device">${escapeHtml(view.device)}</p>` : ''}
<p class="now">${escapeHtml(view.current)}</p>
${view.due > 0 ? `<p class="line due">К оплате: ${escapeHtml(formatRubles(view.due))}</p>` : ''}
${warranty}
</section>
${view.estimate ? estimateHtml(view.estimate, answerPath, timeZone, confirmDecline) : ''}
<section class="card" aria-label="Этапы ремонта"><ol>${stages}</ol></section>
${telegramLink ? telegramInviteHtml(telegramLink) : ''}
${shop}`,
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A wrong or withdrawn link: a plain 404 that says nothing about any ticket. */
export function notFoundHtml(): string {
  return page(
    'Страница не найдена',
    `<section class="card"><h1>Страница не найдена</h1><p class="line">Проверьте ссылку или позвоните в сервис.</p></section>`,
  );
}

export function tooManyHtml(): string {
  return page(
    'Слишком много запросов',
    `<section class="card"><h1>Слишком много запросов</h1><p class="line">Попробуйте через минуту.</p></section>`,
  );
}

/**
 * «Узнать статус ремонта» (issue 54): a client who lost the link types the ticket's number and
 * the last four digits of their phone. A wrong pair says only that no such ticket was found.
 */
export function lookupHtml(values: { number: string; digits: string }, notice = ''): string {
  return page(
    'Статус ремонта',
    `<section class="card"><h1>Статус ремонта</h1>
<p class="line">Номер заявки есть в квитанции и в сообщениях от сервиса.</p>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="/find" class="lookup">
<label>Номер заявки<input name="number" inputmode="numeric" autocomplete="off" required maxlength="20" value="${escapeHtml(values.number)}" placeholder="1234"></label>
<label>Последние 4 цифры телефона<input name="digits" inputmode="numeric" autocomplete="off" required maxlength="4" pattern="[0-9]{4}" value="${escapeHtml(values.digits)}" placeholder="4567"></label>
<button type="submit">Показать статус</button>
</form></section>`,
  );
}

/** The status page's invitation to the shop's Telegram bot, when the shop has one. */
export function telegramInviteHtml(link: string): string {
  return `<section class="card"><p class="shop">Сообщения о ремонте в Telegram</p>
<p class="line">Сервис напишет, когда устройство будет готово.</p>
<a class="call" href="${escapeHtml(link)}" rel="noopener noreferrer">Подключить Telegram</a></section>`;
}
