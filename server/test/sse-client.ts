/**
 * Reads a text/event-stream with fetch, as the web app does: the events' names (and data) in
 * arrival order, and whether the server ended the stream. Real HTTP on loopback, so tests see
 * what a browser sees when the server closes a stream.
 */
export async function openStream(origin: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${origin}/public/api/v1/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  if (res.status !== 200) throw new Error(`stream refused: ${res.status} ${await res.text()}`);
  const events: { name: string; data: string; at: number }[] = [];
  const state = { endedByServer: false };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          state.endedByServer = !ctrl.signal.aborted;
          return;
        }
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ name, data: /^data: (.*)$/m.exec(block)?.[1] ?? '', at: Date.now() });
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by the test, or the connection was cut.
      state.endedByServer = !ctrl.signal.aborted;
    }
  })();
  const until = async (what: string, ok: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms: ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const count = (name: string) => events.filter((e) => e.name === name).length;
  await until('ready', () => count('ready') >= 1, 3000);
  return {
    res,
    events,
    count,
    get endedByServer() {
      return state.endedByServer;
    },
    waitFor: (name: string, n: number, ms = 3000) => until(`${n}× ${name}`, () => count(name) >= n, ms),
    /** Resolves once the server has ended the stream (the body reached its end). */
    waitForEnd: (ms = 3000) => until('the end of the stream', () => state.endedByServer, ms),
    close: () => {
      ctrl.abort();
      return pump;
    },
  };
}
