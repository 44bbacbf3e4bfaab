// A worker thread that reads one CV file (its bytes are the worker's data) and posts back its text or why not.
import { parentPort, workerData } from "node:worker_threads"
import { read } from "./FileText.js"

void read(workerData as Uint8Array).then((result) => parentPort?.postMessage(result))
