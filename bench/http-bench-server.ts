/**
 * The server of graphql-http.bench.ts, in its own process: the app listening on a loopback port, with one
 * sent document and a production key, answering its parent's `cpu` message with this process's CPU time
 * (all threads) so the bench can count the server's own work per request apart from the client's.
 */
import { appWithSentDocument } from './document-app.ts';

const { app, key, documentId, close } = await appWithSentDocument();
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

process.on('message', (message) => {
  if (message === 'cpu') {
    const cpu = process.cpuUsage();
    process.send!({ cpu: cpu.user + cpu.system });
  } else if (message === 'close') {
    void close().then(() => process.exit(0));
  }
});
process.send!({ port, key, documentId });
