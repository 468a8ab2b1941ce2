import { z } from 'zod';
// Only the Russian locale: importing every locale through `z.locales` bloats the browser bundle.
import ru from 'zod/v4/locales/ru.js';

// Default messages (wrong type, too long, …) in Russian, for browser and server alike.
// Messages that users meet often are still written out in each schema.
z.config(ru());

/**
 * An object schema that rejects fields it does not know, with a Russian message.
 * Used for account payloads, where an extra field (say, `role` on registration)
 * is an attempt to set something the caller may not set.
 */
export function strictPayload<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Неизвестное поле: ${issue.keys.join(', ')}` : undefined,
  });
}

export { z };
