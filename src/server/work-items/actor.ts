/** Who makes a change: their id, and the name stored on what they change. */
export interface Actor {
  id: number;
  displayName: string;
}
