import { it } from "@effect/vitest"

it.addEqualityTesters()
