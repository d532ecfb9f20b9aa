/*
 * The baselines of `npm run bench`, in a process of their own: what Express and socket.io
 * do on this machine with none of the app. PORT; prints "ready".
 *   GET /bare          a bare Express route: the limit of the pages scenario
 *   socket.io          no auth, no database: a socket joins the room of the space named in
 *                      its handshake's `auth`; `chat:send` is acknowledged and broadcast to
 *                      that room as the app broadcasts a stored message (`space:change`);
 *                      `chat:sync` answers that there is nothing to catch up on
 */
import http from "node:http";
import express from "express";
import { Server } from "socket.io";
import { CHAT_COMMANDS, SPACE_CHANGE_EVENT } from "~/shared/protocol";

const app = express();
app.disable("x-powered-by");
app.get("/bare", (_req, res) => void res.type("text").send("ok"));
const server = http.createServer(app);
const io = new Server(server, { serveClient: false });
const seqs = new Map<string, number>();

io.on("connection", (socket) => {
  const spaceId = String(socket.handshake.auth.spaceId);
  void socket.join(`space:${spaceId}`);
  // The bare server keeps no log: nothing to catch up on.
  socket.on(CHAT_COMMANDS.sync, (_input: unknown, ack: (answer: object) => void) =>
    ack({ ok: true, reload: false, changes: [], lastSeq: 0 }),
  );
  socket.on(
    CHAT_COMMANDS.send,
    (input: { spaceId: string; clientId: string; content: string }, ack: (answer: object) => void) => {
      const seq = (seqs.get(input.spaceId) ?? 0) + 1;
      seqs.set(input.spaceId, seq);
      const change = {
        seq,
        kind: "message.created",
        messageId: String(seq),
        userId: socket.id,
        payload: { clientId: input.clientId, content: input.content },
        createdAt: new Date().toISOString(),
      };
      ack({ ok: true, seq, change });
      io.to(`space:${input.spaceId}`).emit(SPACE_CHANGE_EVENT, { spaceId: input.spaceId, change });
    },
  );
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server ready"));
process.on("SIGTERM", () => {
  void io.close();
  process.exit(0);
});
