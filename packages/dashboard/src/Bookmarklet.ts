/**
 * What the bookmarklet reads of the page it runs on: the page's HTML as the browser holds it, with what no reader of
 * the posting needs taken out — scripts (but `application/ld+json`, the posting's own data), styles, SVG, media,
 * frames, form fields, event handlers and every attribute the extractor does not read, and any attribute value over
 * 300 characters (tracking URLs). Whitespace runs are one space. The result is cut at `BOOKMARKLET_MAX_BYTES` of
 * UTF-8, below analyze_job's 200 KB limit for `posting_text`; the page's head and header come first, so a cut loses
 * the page's end (its footer, similar jobs), not the posting's header.
 *
 * It is plain ES5 in one expression, so the same text runs in the `javascript:` bookmark and in the test that runs
 * it on saved board pages in Chromium.
 */
export const BOOKMARKLET_MAX_BYTES = 190_000

export const capturePage = "(function(){" +
  "var d=document.documentElement.cloneNode(true);" +
  "var drop=d.querySelectorAll('script:not([type=\"application/ld+json\"]),style,link,svg,noscript,iframe,template," +
  "canvas,video,audio,picture,source,img,object,embed,input,select,textarea');" +
  "for(var i=0;i<drop.length;i++)drop[i].parentNode.removeChild(drop[i]);" +
  "var keep=/^(class|id|itemprop|itemscope|itemtype|content|property|name|href|datetime|data-automation|" +
  "data-automation-id|data-testid|data-qa|type|lang)$/;" +
  "var all=d.querySelectorAll('*');" +
  "for(var j=0;j<all.length;j++){var a=all[j].attributes;for(var k=a.length-1;k>=0;k--){" +
  "if(!keep.test(a[k].name)||a[k].value.length>300)all[j].removeAttribute(a[k].name)}}" +
  "var h='<!doctype html>'+d.outerHTML.replace(/\\s+/g,' ');" +
  // Cut by UTF-8 bytes: each character counted as the bytes it takes.
  `var n=0,c=h.length;for(var m=0;m<h.length;m++){var u=h.charCodeAt(m);n+=u<128?1:u<2048?2:u>=55296&&u<56320?2:3;` +
  `if(n>${BOOKMARKLET_MAX_BYTES}){c=m;break}}` +
  "return h.slice(0,c)})()"

/**
 * A bookmark that opens this page's form with the page you are on: its address in the query (the server fills the
 * field), its HTML after the # (capturePage: the page as the browser holds it, with its JSON-LD, meta tags and
 * layout, so the posting reads as a fetch of it would; never sent to the server by the browser, the dashboard's
 * script fills the text area and nothing is sent until the person presses Analyse, with the form's CSRF token). It
 * runs on the other site's page, so the dashboard's own CSP is not loosened for it.
 */
export const bookmarklet = (publicUrl: string): string =>
  `javascript:(function(){var t=${capturePage};` +
  `window.open(${JSON.stringify(`${publicUrl}/jobs?analyse=`)}+encodeURIComponent(location.href)+` +
  "'#html='+encodeURIComponent(t),'_blank','noopener')})()"
