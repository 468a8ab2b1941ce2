import type { FastifyRequest } from 'fastify';
import { userOf } from './current-user';

/** Who makes a change: their id, and the name stored on what they change. */
export interface Actor {
  id: number;
  displayName: string;
}

/** The signed-in user making a request, as an actor. */
export function actorOf(request: FastifyRequest): Actor {
  const user = userOf(request);
  return { id: user.id, displayName: user.displayName };
}
