// board-api.js: the analysis board's calls to the service. Every rule
// question goes to the server (POST /v1/position); the page keeps no rules
// of its own. Errors come back as Error objects whose message names the
// field, as the API's one error shape does.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const keyInput = () => document.getElementById('api-key');

  // headers returns the Authorization header of the typed API key, if any.
  function headers(extra) {
    const h = Object.assign({}, extra || {});
    const key = ((keyInput() && keyInput().value) || '').trim();
    if (key) h.Authorization = 'Bearer ' + key;
    return h;
  }

  // errorOf turns an API error body into an Error with field and code.
  function errorOf(res, data) {
    const e = data && data.error;
    const err = new Error(e ? (e.field ? e.field + ': ' : '') + e.message : res.status + ' ' + res.statusText);
    if (e) { err.field = e.field; err.code = e.code; }
    err.status = res.status;
    return err;
  }

  // call sends one JSON request and returns the decoded answer.
  async function call(method, url, body, signal) {
    const init = { method, headers: headers(), signal };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(url, init);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) throw errorOf(res, data);
    return data;
  }

  // stream posts an analysis query with Accept: text/event-stream and calls
  // onAnalysis for every "analysis" event until "done". Aborting signal
  // closes the connection, which stops the search on the server.
  async function stream(body, signal, onAnalysis) {
    const res = await fetch('/v1/analyze', {
      method: 'POST', signal,
      headers: headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      let data = null;
      try { data = await res.json(); } catch (e) { data = null; }
      throw errorOf(res, data);
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
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
        if (event === 'analysis') onAnalysis(JSON.parse(data));
        else if (event === 'error') throw new Error(JSON.parse(data).error.message);
        else if (event === 'done') return;
      }
    }
  }

  // picture fetches an SVG of the API as an object URL (an <img> cannot
  // send the key's header).
  async function picture(url) {
    const res = await fetch(url, { headers: headers() });
    if (!res.ok) throw new Error('picture: ' + res.status);
    return URL.createObjectURL(await res.blob());
  }

  WZ.api = {
    position: (rec, signal) => call('POST', '/v1/position', rec, signal),
    analyze: (q, signal) => call('POST', '/v1/analyze', q, signal),
    stream,
    levels: () => call('GET', '/v1/levels'),
    play: (req, signal) => call('POST', '/v1/play', req, signal),
    importRecord: (req) => call('POST', '/v1/records/import', req),
    exportRecord: (req) => call('POST', '/v1/records/export', req),
    createReview: (req) => call('POST', '/v1/reviews', req),
    getReview: (id) => call('GET', '/v1/reviews/' + encodeURIComponent(id)),
    puzzles: (id) => call('GET', '/v1/reviews/' + encodeURIComponent(id) + '/puzzles'),
    picture,
  };
})();
