export * as RedisLimiter from "./RedisLimiter.js"
