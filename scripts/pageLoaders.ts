// The two inline scripts of every reader page (dist-server/reader.html, made by readerTemplate.ts): the
// whole stylesheet's loader in its head and the module scripts' loader ending its body. Each text is
// the same on every page, so the Content-Security-Policy allows it by its hash (server/pages/headers.ts).
// Plain ES5 with no "<" or ">", as a script element's text is found up to the next tag.

import { moduleListAttribute } from '../shared/pageData.ts'
import { earlyWitness, islandTag } from '../src/islands/prefix.ts'

/**
 * `w(run)`, the start of both loaders below: runs `run` once, after the load event and once the
 * browser has reported the page's largest paint (a frame and a task after it), and returns a function
 * that runs it at once instead. Lighthouse's simulation puts on the largest paint's path every request
 * that had finished before that paint in the real load, and on a small page the load event comes before
 * the first paint: a request begun at the load event alone still sat on the path, on a connection of
 * its own (the stylesheet on search, 0.3 s). A browser that reports no largest paint runs it a frame
 * after the load event; a page loaded out of sight (no paint is reported there) three seconds after.
 */
const whenPainted =
  "function w(f){var d=0;function g(){if(!d){d=1;f()}}function n(){requestAnimationFrame(function(){setTimeout(g,0)})}" +
  "function p(){setTimeout(g,3000);var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('largest-contentful-paint')==-1)return n();" +
  "new P(function(l,o){o.disconnect();n()}).observe({type:'largest-contentful-paint',buffered:true})}" +
  "document.readyState==='complete'?p():addEventListener('load',p,{once:true});return g}"

/**
 * The whole stylesheet is asked for once the page has painted, not at once: the first paint needs only
 * the inlined rules, and a request begun with the page (Beasties' preload and loader) shares the
 * connection with the document and the page's largest picture, so it sits on the largest paint's
 * path. What the whole stylesheet adds (a state after a reader's action, a page kind not sampled)
 * shows once it has arrived. It is added as print and switched on when loaded, so it never blocks
 * a paint. The text is the same on every page, so the policy allows it by hash.
 */
export const stylesheetLoader =
  `(function(s){${whenPainted}w(function(){var l=document.createElement('link');l.rel='stylesheet';l.media='print';l.onload=function(){l.media=s.dataset.media};l.href=s.dataset.href;document.head.appendChild(l)})})(document.currentScript)`

/**
 * A document's module scripts (its islands' entry, the read beacon, its own small script) are added
 * by this loader once the page has loaded and painted (`w` above), or at the reader's first press,
 * key or focus if that comes first, so no module script is on the largest paint's path: Lighthouse's
 * simulation keeps every module script that arrived before the largest paint on it, whether it ran
 * or not, each on a connection of its own. The renderer writes the page's scripts into the attribute;
 * the text is the same on every page, so the policy allows it by hash. Without JavaScript nothing is
 * asked for. docs/decisions/031-islands.md.
 *
 * Until the islands' entry has come, the loader witnesses what the reader does in each island and
 * leaves it on the marker (`earlyWitness`), for the entry to take over: that the island was used,
 * the fields left, and a form sent, held rather than posted (the island checks and sends it once it
 * has woken), and what the reader's pointer is pressing, anywhere on the page (a press begun now may
 * end once the island is live, which must know it began: a form holds a field's message until the
 * press is over, so the button pressed is not pushed away under it). If a script cannot be had, a held
 * form is posted by the browser, as without JavaScript.
 */
export const moduleLoader =
  `(function(s){${whenPainted}var m=s.getAttribute('${moduleListAttribute}').split(' ').filter(Boolean),k=['pointerdown','keydown','focusin','submit'],q=document.querySelectorAll('${islandTag}'),P=null;if(!m.length)return;` +
  "addEventListener('pointerdown',function(v){P=v.target},true);['pointerup','pointercancel'].forEach(function(n){addEventListener(n,function(){P=null},true)});" +
  "q.forEach(function(i){var e={used:false,left:[],held:null,pressed:function(){return P}},t=['pointerdown','keydown','focusin','input','focusout','submit'];" +
  "function o(v){e.used=true;if(v.type==='focusout')e.left.push(v.target);if(v.type==='submit'){v.preventDefault();e.held={form:v.target,submitter:v.submitter||null}}}" +
  `t.forEach(function(n){i.addEventListener(n,o)});e.stop=function(){t.forEach(function(n){i.removeEventListener(n,o)})};i.${earlyWitness}=e});` +
  `function r(){q.forEach(function(i){var e=i.${earlyWitness};if(!e)return;delete i.${earlyWitness};e.stop();if(e.held)e.held.form.requestSubmit(e.held.submitter)})}` +
  "var g=w(function(){k.forEach(function(t){removeEventListener(t,g,true)});" +
  "m.forEach(function(u){var e=document.createElement('script');e.type='module';e.src=u;e.onerror=r;document.body.appendChild(e)})});" +
  "k.forEach(function(t){addEventListener(t,g,true)})})(document.currentScript)"

/** The loader as the template ends its body with it: no scripts listed until the renderer fills them in. */
export const moduleLoaderElement = `<script ${moduleListAttribute}="">${moduleLoader}</script>`
