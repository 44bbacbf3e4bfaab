import { once } from "node:events"
import type { Server } from "node:net"
import type { Host } from "./RestContract.js"

/** A Node server (http.Server, or what @hono/node-server gives) as a Host once it listens; `close` stops it. */
export const nodeHost = async (server: Server): Promise<Host> => {
  if (!server.listening) await once(server, "listening")
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("the server does not listen on TCP")
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}
