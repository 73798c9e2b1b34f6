// A campaign summary ({title, sections: [{title, rows | columns+table | text}]}, made by the
// ruleset's campaign_summary hook) drawn as plain text: headings, label/value lists, tables.
import { el } from "./dom.js";

function cell(value) {
  if (value === null || value === undefined) return "—";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

function section(sec) {
  return el("section", { class: "summary-section" },
    sec.title ? el("h3", {}, sec.title) : null,
    sec.text ? el("p", { class: "summary-text" }, sec.text) : null,
    sec.rows?.length ? el("dl", { class: "summary-rows" },
      ...sec.rows.flatMap((r) => [el("dt", {}, r.label), el("dd", {}, cell(r.value))])) : null,
    sec.columns?.length ? el("div", { class: "summary-table-wrap" }, el("table", { class: "summary-table" },
      el("thead", {}, el("tr", {}, ...sec.columns.map((c) => el("th", {}, c)))),
      el("tbody", {}, ...(sec.table || []).map((row) => el("tr", {}, ...row.map((c) => el("td", {}, cell(c)))))))) : null);
}

export function renderSummary(summary) {
  const sections = summary?.sections || [];
  return el("div", { class: "summary" },
    summary?.title ? el("p", { class: "summary-title" }, summary.title) : null,
    ...sections.map(section),
    sections.length ? null : el("p", { class: "hint" }, "Nothing carried yet."));
}
