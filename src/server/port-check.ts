import net from 'node:net';
import { ConfigError } from './config';

/**
 * Fails, in Russian, when the server's port cannot be had — before anything in the data folder
 * or the database is touched (issue 48: a second `npm start` on the same folder emptied the
 * running server's uploads in progress, then died on the busy port). The port is let go at
 * once; the real listen comes at the end of start-up.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new ConfigError(
            `Порт ${port} уже занят: похоже, программа GL Задачи уже запущена (или порт держит другая программа). ` +
              'Остановите её или задайте другой PORT. Ничего не изменено.',
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new ConfigError(
            `Нет прав открыть порт ${port}: порты ниже 1024 требуют прав администратора. ` +
              'Задайте PORT от 1024 (например, 3000). Ничего не изменено.',
          ),
        );
      } else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
