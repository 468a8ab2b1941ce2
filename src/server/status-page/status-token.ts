import { randomBytes } from 'node:crypto';

/** 18 random bytes: 144 bits, 24 URL-safe characters (issue 19 asks for at least 128). */
const TOKEN_BYTES = 18;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** A fresh, unguessable token for a ticket's public status page (`/s/<token>`). */
export function newStatusToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether a string could be a token at all: anything else is a 404 without a database read. */
export function looksLikeStatusToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export const statusPath = (token: string) => `/s/${token}`;
