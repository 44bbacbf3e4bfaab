import { assert, describe, it } from "@effect/vitest"
import { Html } from "../src/index.js"

describe("Html", () => {
  it("escapes what it interpolates, keeps markup built by html, joins lists and drops nothing-values", () => {
    const name = `<script>alert("x")</script> & 'quotes'`
    const page = Html.html`<p title="${name}">${name}</p>${[Html.html`<b>${1}</b>`, "<i>"]}${null}${undefined}${false}`
    assert.strictEqual(
      page.text,
      `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">` +
        `&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p><b>1</b>&lt;i&gt;`
    )
    assert.strictEqual(Html.raw("<br>").text, "<br>")
  })
})
