import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/** A GET /events reply that sends `ready` at once and `change` when `push` is called. */
function eventStream() {
  let push: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
      push = () => controller.enqueue(encoder.encode('event: change\ndata: {}\n\n'));
    },
  });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    change: () => push?.(),
  };
}

describe('the header balance', () => {
  it('follows an approved top-up on any screen, without a reload', async () => {
    storeSession({ ...testUser, balance: '10' });
    const stream = eventStream();
    let balance = '10.00';
    let streams = 0;
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': () => json({ status: 'success', data: { user: { ...testUser, balance } } }),
      'GET /events': () => {
        streams += 1;
        return stream.response;
      },
    });
    renderApp('/charges');
    expect(await screen.findByRole('link', { name: 'رصيدك: 10.00 $' })).toBeInTheDocument();
    // The operator approves a 25.50 top-up: the server tells the stream.
    balance = '35.50';
    stream.change();
    expect(await screen.findByRole('link', { name: 'رصيدك: 35.50 $' })).toBeInTheDocument();
    expect(streams).toBe(1);
  });
});
