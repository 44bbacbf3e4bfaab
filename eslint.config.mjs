import effect from "@effect/eslint-plugin"
import js from "@eslint/js"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/.scratch/**", "**/build/**", "**/dist/**", "**/.tsbuildinfo/**", ".jobfit/**"]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "@effect": effect },
    rules: {
      "@effect/dprint": ["error", {
        config: {
          indentWidth: 2,
          lineWidth: 120,
          semiColons: "asi",
          quoteStyle: "alwaysDouble",
          trailingCommas: "never",
          operatorPosition: "maintain",
          "arrowFunction.useParentheses": "force"
        }
      }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-constant-condition": "off",
      "require-yield": "off"
    }
  }
)
