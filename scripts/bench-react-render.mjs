// node scripts/bench-react-render.mjs PAGE.html (issue 31): React 18.3's renderToString against the
// project's React (19) on the same element tree, side by side in one process, alternating rounds.
// What is left of an admin's render against Remix 2 is React's own renderer: this separates it from
// the app and the router. The tree is the page's <body> (e.g. `curl -s localhost:3000/ > home.html`)
// rebuilt as React elements, once with host elements only and once with each element inside a
// function component (as an app's tree is). React 18 and parse5 are installed from the npm registry
// into a folder of the system's temp dir, once; nothing of theirs reaches the project.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

process.env.NODE_ENV = "production";
const file = process.argv[2];
if (!file) throw new Error("uso: node scripts/bench-react-render.mjs PAGINA.html");
const ITER = Number(process.env.ITER ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const old = path.join(os.tmpdir(), "imob-react-18");
if (!fs.existsSync(path.join(old, "node_modules/react-dom/package.json"))) {
  fs.mkdirSync(old, { recursive: true });
  fs.writeFileSync(path.join(old, "package.json"), '{"private":true}');
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", old, "react@18.3.1", "react-dom@18.3.1", "parse5@7"], { stdio: "inherit" });
}
const fromOld = createRequire(path.join(old, "/"));
const fromProject = createRequire(path.join(process.cwd(), "/"));

// The page's <body> as a plain tree: tag, React's props, children (text or trees).
const body = fromOld("parse5").parse(fs.readFileSync(file, "utf8")).childNodes.find((n) => n.nodeName === "html").childNodes.find((n) => n.nodeName === "body");
const PROP = { class: "className", for: "htmlFor", tabindex: "tabIndex", readonly: "readOnly", maxlength: "maxLength", minlength: "minLength", autocomplete: "autoComplete", crossorigin: "crossOrigin", srcset: "srcSet", fetchpriority: "fetchPriority", enterkeyhint: "enterKeyHint", inputmode: "inputMode", novalidate: "noValidate", datetime: "dateTime", enctype: "encType", "stroke-width": "strokeWidth", "stroke-linecap": "strokeLinecap", "stroke-linejoin": "strokeLinejoin", "fill-rule": "fillRule", "clip-rule": "clipRule", "xlink:href": "xlinkHref", value: "defaultValue", checked: "defaultChecked" };
const BOOLEAN = new Set(["disabled", "defaultChecked", "hidden", "required", "multiple", "readOnly", "noValidate", "open", "async", "defer"]);
const style = (s) => Object.fromEntries(s.split(";").filter((d) => d.includes(":")).map((d) => { const [k, ...v] = d.split(":"); return [k.trim().replace(/-([a-z])/g, (_, c) => c.toUpperCase()), v.join(":").trim()]; }));
let elements = 0;
function tree(node) {
  if (node.nodeName === "#text") return node.value;
  if (!node.tagName) return null;
  elements++;
  const props = {};
  for (const a of node.attrs) {
    if (a.name === "selected") continue;
    const k = PROP[a.name] ?? a.name;
    props[k] = k === "style" ? style(a.value) : BOOLEAN.has(k) ? true : a.value;
  }
  if (node.tagName === "script" || node.tagName === "style") return { type: node.tagName, props: { ...props, dangerouslySetInnerHTML: { __html: node.childNodes.map((c) => c.value ?? "").join("") } }, children: [] };
  return { type: node.tagName, props, children: (node.tagName === "template" ? node.content : node).childNodes.map(tree).filter((c) => c !== null) };
}
const page = tree(body);

/** One React: builds the elements afresh at every render, as a component's JSX does. */
function react(req) {
  const React = req("react");
  const { renderToString } = req("react-dom/server");
  let wrapped = false;
  const Wrap = ({ t }) => build(t);
  const child = (c) => (typeof c === "string" ? c : wrapped ? React.createElement(Wrap, { t: c }) : build(c));
  const build = (t) => React.createElement(t.type, t.props, ...t.children.map(child));
  return { version: React.version, render: (w) => { wrapped = w; return renderToString(build(page)); } };
}
const sides = [react(fromOld), react(fromProject)];
const [a, b] = sides;
console.log(`${file}: ${elements} elements; ${a.version} writes ${a.render(false).length} chars, ${b.version} ${b.render(false).length}`);
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
for (const wrapped of [false, true]) {
  for (const s of sides) for (let i = 0; i < 300; i++) s.render(wrapped);
  const us = new Map(sides.map((s) => [s, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 ? [b, a] : [a, b]) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < ITER; i++) s.render(wrapped);
      const c = process.cpuUsage(c0);
      us.get(s).push((c.user + c.system) / ITER);
    }
  }
  const ratios = us.get(a).map((x, i) => us.get(b)[i] / x);
  console.log(`${wrapped ? "each element in a component" : "host elements only"}: ${a.version} ${med(us.get(a)).toFixed(0)} µs · ${b.version} ${med(us.get(b)).toFixed(0)} µs a render → ${b.version} / ${a.version} median ${med(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
}
