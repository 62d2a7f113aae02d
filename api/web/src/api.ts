// api.ts: the pages' calls to the service, typed by api-types.ts, which
// openapi-typescript generates from openapi/openapi.json (make web). Every
// rule question goes to the server (POST /v1/position); the pages keep no
// rules of their own. Errors come back as ApiError, whose message names
// the field as the API's one error shape does.
import type { components, paths } from './api-types.js';

type Schemas = components['schemas'];

/** The body a path and method take. */
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The JSON a path and method answer with on success. */
type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: { content: { 'application/json': infer A } } }
    ? A
    : R extends { 202: { content: { 'application/json': infer A } } }
      ? A
      : never
  : never;

/** The API's types the pages use, by their role. */
export type GameRecord = Schemas['engine.Record'];
export type Rules = Schemas['engine.Rules'];
export type Diagram = Schemas['engine.Diagram'];
export type Position = Answer<'/v1/position', 'post'>;
export type Query = Body<'/v1/analyze', 'post'>;
export type Analysis = Schemas['service.Analysis'];
export type MoveInfo = Schemas['service.MoveInfo'];
export type Proof = Schemas['service.Proof'];
export type Levels = Answer<'/v1/levels', 'get'>;
export type Level = Schemas['service.LevelInfo'];
export type ReviewJob = Answer<'/v1/reviews/{id}', 'get'>;
export type ReviewResult = Schemas['service.ReviewResult'];
export type MoveReview = Schemas['service.MoveReview'];
export type TurningPoint = Schemas['service.TurningPoint'];
export type MoveLevel = Schemas['service.MoveLevel'];
export type PuzzleSet = Answer<'/v1/reviews/{id}/puzzles', 'get'>;
export type Puzzle = Schemas['service.Puzzle'];
export type RatingEstimate = Schemas['rating.Estimate'];
export type CollectionSummary = Schemas['workspace.CollectionSummary'];
export type Collection = Schemas['workspace.Collection'];
export type Progress = Schemas['workspace.Progress'];
export type ImportResult = Schemas['workspace.ImportResult'];
export type LineProblem = Schemas['workspace.LineProblem'];
export type WsPlayer = Schemas['workspace.Player'];
export type Profile = Schemas['workspace.Profile'];
export type ProfileGame = Schemas['workspace.ProfileGame'];
export type Drill = Schemas['workspace.Drill'];
export type DrillList = Schemas['workspace.DrillList'];

/** ApiError is an error answer: its message starts with the field named. */
export class ApiError extends Error {
  field?: string;
  code?: string;
  status: number;
  constructor(status: number, message: string, field?: string, code?: string) {
    super(field ? field + ': ' + message : message);
    this.status = status;
    this.field = field;
    this.code = code;
  }
}

/** key returns the API key the page was given ('' when none). */
let key: () => string = () => '';

/** useKey sets where the API key comes from (the page's key field). */
export function useKey(get: () => string): void {
  key = get;
}

function headers(extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { ...extra };
  const k = key().trim();
  if (k) h.Authorization = 'Bearer ' + k;
  return h;
}

async function errorOf(res: Response): Promise<ApiError> {
  type ErrorAnswer = { error?: Schemas['api.ErrorBody'] };
  const data = (await res.json().catch(() => null)) as ErrorAnswer | null;
  const e = data?.error;
  return e ? new ApiError(res.status, e.message ?? '', e.field, e.code) : new ApiError(res.status, `${res.status} ${res.statusText}`);
}

/** call sends one JSON request and returns the decoded answer. */
async function call<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const init: RequestInit = { method, headers: headers(), signal };
  if (body !== undefined) {
    init.headers = headers({ 'Content-Type': 'application/json' });
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (!res.ok) throw await errorOf(res);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** send posts a text body as it is, with its media type (an import). */
async function send<T>(url: string, ctype: string, body: string): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: headers({ 'Content-Type': ctype }), body });
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

/** text fetches GET url's body as text (an export), the key in its header. */
async function text(url: string): Promise<string> {
  const res = await fetch(url, { headers: headers() });
  if (!res.ok) throw await errorOf(res);
  return await res.text();
}

/**
 * follow reads a server-sent-event stream of GET url (the key in its
 * header, which an EventSource cannot send) until it ends or signal aborts.
 */
async function follow(url: string, signal: AbortSignal, onEvent: (event: string, data: string) => void): Promise<void> {
  const res = await fetch(url, { headers: headers({ Accept: 'text/event-stream' }), signal });
  if (!res.ok || !res.body) throw await errorOf(res);
  for await (const { event, data } of readEvents(res.body)) onEvent(event, data);
}

/** readEvents reads a server-sent-event stream into (event, data) pairs. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += dec.decode(value, { stream: true });
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      yield { event, data };
    }
  }
}

/**
 * stream posts an analysis query with Accept: text/event-stream and calls
 * onAnalysis for every "analysis" event until "done". Aborting signal
 * closes the connection, which stops the search on the server.
 */
async function stream(q: Query, signal: AbortSignal, onAnalysis: (a: Analysis) => void): Promise<void> {
  const res = await fetch('/v1/analyze', {
    method: 'POST',
    signal,
    headers: headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
    body: JSON.stringify(q),
  });
  if (!res.ok || !res.body) throw await errorOf(res);
  for await (const { event, data } of readEvents(res.body)) {
    if (event === 'analysis') onAnalysis(JSON.parse(data) as Analysis);
    else if (event === 'error') throw new Error((JSON.parse(data) as { error: { message: string } }).error.message);
    else if (event === 'done') return;
  }
}

/**
 * picture fetches an SVG of the API as an object URL (an <img> cannot
 * send the key's header).
 */
async function picture(url: string): Promise<string> {
  const res = await fetch(url, { headers: headers() });
  if (!res.ok) throw new Error('picture: ' + res.status);
  return URL.createObjectURL(await res.blob());
}

const id = (s: string): string => encodeURIComponent(s);

/**
 * api is the service's calls. It is one object so that a browser test
 * can stand in for a call (the board's test hands the page its puzzles).
 */
export const api = {
  position: (rec: Body<'/v1/position', 'post'>, signal?: AbortSignal) => call<Position>('POST', '/v1/position', rec, signal),
  analyze: (q: Query, signal?: AbortSignal) => call<Answer<'/v1/analyze', 'post'>>('POST', '/v1/analyze', q, signal),
  stream,
  levels: () => call<Levels>('GET', '/v1/levels'),
  play: (req: Body<'/v1/play', 'post'>, signal?: AbortSignal) => call<Answer<'/v1/play', 'post'>>('POST', '/v1/play', req, signal),
  importRecord: (req: Body<'/v1/records/import', 'post'>) => call<Answer<'/v1/records/import', 'post'>>('POST', '/v1/records/import', req),
  exportRecord: (req: Body<'/v1/records/export', 'post'>) => call<Answer<'/v1/records/export', 'post'>>('POST', '/v1/records/export', req),
  createReview: (req: Body<'/v1/reviews', 'post'>) => call<Answer<'/v1/reviews', 'post'>>('POST', '/v1/reviews', req),
  getReview: (reviewID: string) => call<ReviewJob>('GET', '/v1/reviews/' + id(reviewID)),
  puzzles: (reviewID: string) => call<PuzzleSet>('GET', '/v1/reviews/' + id(reviewID) + '/puzzles'),
  /** explorer reads a node of the opening explorer; query: opening= and moves= (explorer.ts). */
  explorer: (query: string) => call<Answer<'/v1/openings/explorer', 'get'>>('GET', '/v1/openings/explorer?' + query),
  picture,
  // The coach's workspace (docs/workspace.md).
  collections: () => call<Schemas['workspace.CollectionList']>('GET', '/v1/collections'),
  createCollection: (name: string) => call<CollectionSummary>('POST', '/v1/collections', { name }),
  collection: (cid: string) => call<Collection>('GET', '/v1/collections/' + id(cid)),
  renameCollection: (cid: string, name: string) => call<CollectionSummary>('PATCH', '/v1/collections/' + id(cid), { name }),
  deleteCollection: (cid: string) => call<void>('DELETE', '/v1/collections/' + id(cid)),
  cancelCollection: (cid: string) => call<Schemas['workspace.CancelResult']>('POST', '/v1/collections/' + id(cid) + '/cancel'),
  /** importGames sends games as text; query: format, onError and WGF's names by colour. */
  importGames: (cid: string, text: string, ctype: string, query: Record<string, string>) =>
    send<ImportResult>('/v1/collections/' + id(cid) + '/games?' + new URLSearchParams(query).toString(), ctype, text),
  /** events follows a collection's progress until its end event. */
  events: (cid: string, signal: AbortSignal, onEvent: (event: string, data: string) => void) =>
    follow('/v1/collections/' + id(cid) + '/events', signal, onEvent),
  addPlayer: (cid: string, name: string) => call<WsPlayer>('POST', '/v1/collections/' + id(cid) + '/players', { name }),
  renamePlayer: (pid: string, name: string) => call<WsPlayer>('PATCH', '/v1/players/' + id(pid), { name }),
  deletePlayer: (pid: string) => call<void>('DELETE', '/v1/players/' + id(pid)),
  profile: (pid: string) => call<Profile>('GET', '/v1/players/' + id(pid)),
  /** exportGames reads the player's annotated games as JSON lines (one workspace.ExportLine each). */
  exportGames: (pid: string) => text('/v1/players/' + id(pid) + '/games'),
  drills: (pid: string) => call<DrillList>('GET', '/v1/players/' + id(pid) + '/drills'),
  answer: (pid: string, card: string, rating: string) =>
    call<Drill>('POST', '/v1/players/' + id(pid) + '/drills/' + id(card) + '/answer', { rating }),
};

/** boardURL draws a record after turn moves (/v1/render/board.svg). */
export function boardURL(record: GameRecord, turn: number, extra?: Record<string, string>): string {
  const q = new URLSearchParams({ record: JSON.stringify(record), turn: String(turn), ...extra });
  return '/v1/render/board.svg?' + q.toString();
}

/** curveURL draws a review's win-rate curve, current marking a ply. */
export function curveURL(reviewID: string, current?: number): string {
  return `/v1/reviews/${id(reviewID)}/winrate.svg` + (current === undefined ? '' : `?current=${current}`);
}
