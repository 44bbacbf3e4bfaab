/** The stylesheet: system fonts, visible focus, enough contrast (WCAG AA), and a layout that works on a phone. */
export const stylesheet = `
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;--accent:#0b5cad;--accent-fg:#fff;
--ok:#116329;--ok-bg:#dafbe1;--warn:#7d4e00;--warn-bg:#fff8c5;--bad:#a40e26;--bad-bg:#ffebe9;--radius:8px}
*{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--soft)}
body{margin:0}
a{color:var(--accent)}
:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--fg);color:#fff;padding:.5rem 1rem;z-index:2}
.skip:focus{left:0}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;padding:.75rem 1.5rem;background:var(--fg);color:#fff}
.top a{color:#fff}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;margin-right:1rem}
.top nav ul{display:flex;gap:.25rem;list-style:none;margin:0;padding:0;flex-wrap:wrap}
.top nav a{display:block;padding:.35rem .75rem;border-radius:6px;text-decoration:none}
.top nav a[aria-current=page],.top nav a:hover{background:rgba(255,255,255,.16)}
.top .who{margin-left:auto;color:#d0d7de;font-size:.9rem}
.top form{margin:0}
main{max-width:64rem;margin:1.5rem auto;padding:0 1.5rem}
main.narrow{max-width:28rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.75rem 0 .75rem}
.card>h2:first-child{margin-top:0}
.card{background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);padding:1.25rem;margin-bottom:1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
.hint{color:var(--muted);font-size:.875rem;margin:.15rem 0 0}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=url],input[type=date],select,textarea{
width:100%;padding:.5rem .6rem;border:1px solid #8c959f;border-radius:6px;font:inherit;background:#fff;color:inherit}
textarea{min-height:6rem;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.875rem}
input[aria-invalid=true],textarea[aria-invalid=true],select[aria-invalid=true]{border-color:var(--bad);border-width:2px}
.error{color:var(--bad);font-size:.9rem;margin:.25rem 0 0;font-weight:600}
fieldset{border:1px solid var(--line);border-radius:var(--radius);padding:.75rem 1rem 1rem;margin:1rem 0}
legend{font-weight:700;padding:0 .35rem}
.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.35rem .75rem}
.checks label{font-weight:400;margin:0;display:flex;gap:.5rem;align-items:center}
.row{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:0 1rem}
button,.button{display:inline-block;padding:.5rem 1rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);
color:var(--accent-fg);font:inherit;font-weight:600;cursor:pointer;text-decoration:none;margin-top:1rem}
button.secondary,.button.secondary{background:#fff;color:var(--accent)}
button.danger{background:#fff;color:var(--bad);border-color:var(--bad)}
button.link{background:none;border:none;color:inherit;padding:.35rem .5rem;margin:0;text-decoration:underline;font-weight:400}
button.small{padding:.25rem .6rem;margin-top:0;font-size:.875rem}
table{width:100%;border-collapse:collapse;background:var(--bg)}
th,td{text-align:left;padding:.55rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.85rem;color:var(--muted);font-weight:600}
.table-wrap{overflow-x:auto;border:1px solid var(--line);border-radius:var(--radius)}
.table-wrap table{border:0}
.notice,.alert{padding:.75rem 1rem;border-radius:var(--radius);margin:0 0 1rem;border:1px solid}
.notice{background:var(--ok-bg);color:var(--ok);border-color:#4ac26b}
.alert{background:var(--bad-bg);color:var(--bad);border-color:#ff8182}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:999px;font-size:.8rem;font-weight:700;border:1px solid}
.badge.APPLY,.badge.low{color:var(--ok);background:var(--ok-bg)}
.badge.MAYBE,.badge.medium{color:var(--warn);background:var(--warn-bg)}
.badge.SKIP,.badge.high{color:var(--bad);background:var(--bad-bg)}
.muted{color:var(--muted)}
.big{font-size:2rem;font-weight:700;margin:0}
.key{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.key code{font-size:1rem;padding:.5rem .75rem;background:var(--soft);border:1px solid var(--line);border-radius:6px;word-break:break-all}
.key button{margin:0}
.num{text-align:right}
meter{width:6rem;vertical-align:middle}
ul.skills{display:flex;flex-wrap:wrap;gap:.35rem;list-style:none;padding:0;margin:0}
ul.skills li{padding:.1rem .6rem;border-radius:999px;border:1px solid var(--line);background:var(--soft)}
.inline{display:inline}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.actions{display:flex;gap:.5rem;flex-wrap:wrap;align-items:end}
.actions form{margin:0}
details summary{cursor:pointer;font-weight:600}
footer{max-width:64rem;margin:2rem auto;padding:0 1.5rem;color:var(--muted);font-size:.875rem}
table.compare th[scope=row]{width:10rem}
.cv{background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);padding:2rem;max-width:48rem}
.cv-name{font-size:1.8rem;font-weight:700;margin:0}
.cv-label{font-size:1.1rem;margin:.25rem 0}
.cv-section h2{font-size:1.1rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
.cv-entry h3{font-size:1rem;margin:.75rem 0 0}
.cv-entry p{margin:.25rem 0}
@media print{
.top,footer,.skip,.no-print,.notice,.alert,main>h1{display:none}
html,body{background:#fff}
main{margin:0;max-width:none;padding:0}
.cv{border:0;padding:0;max-width:none}
.cv-section,.cv-entry{break-inside:avoid}
a{color:inherit;text-decoration:none}
}
`

/**
 * The one script: a copy button for the new key, and the bookmarklet's posting page (after the #, which no server
 * sees) put in the analyse form. Everything else works without JavaScript.
 */
export const script = `
(function () {
  // #html= from the bookmarklet (the page's HTML), #text= from bookmarks made before it.
  var match = /^#(?:html|text)=(.*)$/.exec(location.hash)
  var area = document.getElementById("f-posting_text")
  if (!match || !area) return
  try { area.value = decodeURIComponent(match[1]) } catch (e) { return }
  history.replaceState(null, "", location.pathname + location.search)
})()
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-copy]")
  if (!button) return
  var text = document.getElementById(button.getAttribute("data-copy")).textContent
  navigator.clipboard.writeText(text).then(function () {
    button.textContent = "Copied"
    var status = document.getElementById("copy-status")
    if (status) status.textContent = "The key was copied to the clipboard."
  })
})
`
