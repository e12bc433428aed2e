// The Director's workbench page. Every rule (who wins a trick, what is a revoke, the
// ruling) is the server's: this page keeps what was tapped and shows what comes back.
// Text from files and from the server is always set with textContent, never as markup.
// The case is kept in the browser's local storage (a reload or a dropped connection
// loses nothing); the event settings (edition, event type) too, for every case.
"use strict";

// `equity serve --lan` prints the address with its token; the server answered it with a
// cookie that holds the token, so the token leaves the address bar and the history.
(() => {
  const query = new URLSearchParams(location.search);
  if (!query.has("token")) return;
  query.delete("token");
  const rest = query.toString();
  history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") +
                       location.hash);
})();

const SEATS = ["N", "E", "S", "W"];
const NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
const RANKS = "AKQJT98765432";
const RED = { H: true, D: true };
const CASE_KEY = "equity.case";
const RECORD_KEY = "equity.record";  // the session's hand record: loaded once, kept on the device
const SETTINGS_KEY = "equity.settings";

const state = {
  boards: [], board: null, rows: { N: [], E: [], S: [], W: [] }, history: [],
  mode: "tricks", rowSeat: "N", toPlay: null, tricks: [], seq: 0, options: [],
  contract: { level: "", strain: "", declarer: "", doubled: "" },
  dealTap: { N: [], E: [], S: [], W: [] }, tapSeat: "N", dealMode: "type",
  end: "played", reqSeat: "E", reqKind: "penalty",
  revoke: { seat: "", card: "", trick: "", state: "", won: "", later: "" }, claimSteps: [],
  claimHeld: { N: [], E: [], S: [], W: [] }, claimLead: "", claimWon: "",
  ruling: false, again: false, scrollAfter: false, cleared: null,
  playFrom: 0, playLead: "",  // the play entered from a later trick (play-from:), its leader
};

// The number of the first trick entered: 1, or the trick the equity screen named.
function firstTrick() {
  return state.playFrom || 1;
}

// The cards each player plays from the first trick entered to the end.
function rowLength() {
  return 14 - firstTrick();
}

// The option whose values the lines' weight boxes edit (equity rule --weight LINE=W).
const WEIGHTS = "weights";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else e.setAttribute(k, v);
  }
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function pretty(card) {
  if (card === "?") return "?";
  const sym = { S: "♠", H: "♥", D: "♦", C: "♣" }[card[0]];
  return sym + card.slice(1);
}

function cardSpan(card, extra) {
  return el("span", { class: (RED[card[0]] ? "red " : "") + (extra || "") }, pretty(card));
}

function button(text, attrs, onTap) {
  const b = el("button", { type: "button", ...(attrs || {}) }, text);
  b.addEventListener("click", onTap);
  return b;
}

function clientId() {
  let id = localStorage.getItem("equity.client");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(9)), (x) => x.toString(16)).join("");
    localStorage.setItem("equity.client", id);
  }
  return id;
}

// --- errors next to their field ------------------------------------------------------

const FIELD_OF = { board: "file", claimer: "result", claim_status: "result" };

function clearErrors() {
  document.querySelectorAll("[data-error-for]").forEach((e) => { e.textContent = ""; });
}

function showError(field, message) {
  const name = FIELD_OF[field] || field || "general";
  const box = [...document.querySelectorAll("[data-error-for]")]
    .find((e) => e.dataset.errorFor === name) || $("general-error");
  box.textContent = inWords(message);
  if (box.closest("details")) box.closest("details").open = true;
  if (box.id !== "general-error") box.scrollIntoView({ block: "center" });
  return box;
}

// A message in the Director's words: the command line's option ("--weight: ...") named
// as the page names it.
function inWords(message) {
  return String(message).replace(/^--([\w-]+):\s*/, (all, flag) => {
    const o = state.options.find((x) => x.flag === `--${flag}` || x.name === flag.replace(/-/g, "_"));
    return o && o.label ? `${o.label}: ` : "";
  });
}

function labelOf(field) {
  const o = state.options.find((x) => x.name === field);
  if (o) return o.label || o.flag;
  return { deal: "The deal", file: "The hand record", number: "The board number",
    contract: "The contract", declarer: "Declarer", auction: "The auction", rows: "The play",
    result: "The claim",
    general: "" }[FIELD_OF[field] || field] || "";
}

// An error after "Rule": said next to the button, and the field at fault shown (its
// folded section opened, scrolled to the middle of the screen).
function ruleError(field, message) {
  const box = showError(field, message);
  const words = inWords(message);
  const label = words === String(message) ? labelOf(field) : "";  // else it names it
  $("rule-error").textContent = `Not ruled. ${label ? `${label}: ` : ""}${words}`;
  if (box.id !== "general-error") {
    const target = (field && $(`opt-${field}`)) || box.closest(".field, section") || box;
    target.scrollIntoView({ block: "center" });
  }
}

// --- the Director's options, built from the server's description of RulingOptions ---

function optionControl(o) {
  const id = `opt-${o.name}`;
  if (o.kind === "switch") return el("input", { type: "checkbox", id, "data-option": o.name });
  if (o.kind === "choice") {
    const select = el("select", { id, "data-option": o.name });
    select.appendChild(el("option", { value: "" }, o.default ? `(${o.default})` : "(as the file says)"));
    for (const c of o.choices) select.appendChild(el("option", { value: c }, c));
    return select;
  }
  if (o.kind === "list") {
    return el("textarea", { id, "data-option": o.name, rows: "2", placeholder: o.placeholder || "" });
  }
  const attrs = { id, "data-option": o.name };
  if (o.kind === "integer" || o.kind === "number") {
    attrs.inputmode = o.kind === "integer" ? "numeric" : "decimal";
  }
  const input = el("input", attrs);
  input.placeholder = o.default !== null && o.default !== undefined ? String(o.default)
    : (o.placeholder || "");
  return input;
}

function buildOptions(list) {
  state.options = list;
  const box = $("options");
  box.textContent = "";
  $("claim-statement").textContent = "";
  for (const o of list) {
    const field = el("div", { class: `field option ${o.kind}` });
    const label = el("label", { for: `opt-${o.name}` }, o.label || o.flag);
    const control = optionControl(o);
    if (o.kind === "switch") {
      const line = el("div", { class: "switch-line" });
      line.appendChild(control);
      line.appendChild(label);
      field.appendChild(line);
    } else {
      field.appendChild(label);
      field.appendChild(control);
    }
    const limit = o.max ? ` At most ${o.max} here.` : "";
    field.appendChild(el("p", { class: "help" }, (o.director_help || o.help) + limit));
    field.appendChild(el("p", { class: "error", "data-error-for": o.name, role: "alert" }));
    control.addEventListener("change", () => { syncFacts(); changed(); });
    box.appendChild(field);
  }
  // the claim as stated sits with the other facts of the end of play
  const said = $("opt-claim");
  if (said) $("claim-statement").appendChild(said.closest(".field"));
  // the table's facts and the settings offer only what the server's options have
  const names = new Set(list.map((o) => o.name));
  document.querySelectorAll("[data-needs]").forEach((e) => { e.hidden = !names.has(e.dataset.needs); });
}

function hasOption(name) { return state.options.some((o) => o.name === name); }

function optionValues() {
  const out = {};
  for (const o of state.options) {
    const c = $(`opt-${o.name}`);
    if (o.kind === "switch") { if (c.checked) out[o.name] = true; continue; }
    const v = c.value.trim();
    if (!v) continue;
    out[o.name] = o.kind === "list" ? v.split("\n").map((x) => x.trim()).filter((x) => x) : v;
  }
  return out;
}

function setOptions(values) {
  for (const o of state.options) {
    const c = $(`opt-${o.name}`);
    const v = values[o.name];
    if (o.kind === "switch") c.checked = v === true;
    else if (o.kind === "list") c.value = (v || []).join("\n");
    else c.value = v === undefined || v === null ? "" : String(v);
  }
  syncFacts();
}

function setOption(name, value) {
  const c = $(`opt-${name}`);
  if (!c) return;
  if (c.type === "checkbox") c.checked = value === true; else c.value = value;
}

function setWeight(key, w) {
  const c = $(`opt-${WEIGHTS}`);
  const kept = c.value.split("\n").map((x) => x.trim())
    .filter((x) => x && x.split("=")[0].trim() !== key);
  kept.push(`${key}=${w}`);
  c.value = kept.join("\n");
}

// --- the event's settings, kept on the device ------------------------------------------

function loadSettings() {
  let s = {};
  try { s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}"); } catch (e) { s = {}; }
  $("set-laws").value = s.laws || "2017";
  $("set-event").value = s.event || "points";
  applySettings(false);
}

// The settings go into the options; on loading, a case's own edition (from its file) stays.
function applySettings(save) {
  const laws = $("set-laws").value;
  const event = $("set-event").value;
  if (save) localStorage.setItem(SETTINGS_KEY, JSON.stringify({ laws, event }));
  const own = $("opt-laws") && $("opt-laws").value;
  if (save || !own) setOption("laws", laws === "2017" ? "" : laws);
  setOption("in_tricks", event === "tricks");
  if (event !== "teams" && save) setOption("other_table", "");
  $("settings-summary").textContent = `${laws} Laws · ${$("set-event").selectedOptions[0].textContent}`;
  if (event === "teams") {
    $("director-options").open = true;
    const c = $("opt-other_table");
    if (c) c.focus();
  }
}

// --- talking to the server ------------------------------------------------------------

async function api(path, body, raw) {
  const init = { method: body === undefined ? "GET" : "POST",
    headers: { "X-Equity-Client": clientId() } };
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers["Content-Type"] = raw ? "text/plain" : "application/json";
  }
  const response = await fetch(path, init);
  const type = response.headers.get("Content-Type") || "";
  if (!response.ok) {
    let err = { error: `the server answered ${response.status}`, field: null };
    if (type.includes("json")) err = await response.json();
    const e = new Error(err.error);
    e.field = err.field;
    e.status = response.status;
    e.retry = Number(response.headers.get("Retry-After") || "0");
    throw e;
  }
  return response;
}

// --- 1. the deal: typed, tapped, or from a file ------------------------------------------

function setDealMode(mode) {
  state.dealMode = mode;
  for (const m of ["type", "tap", "file"]) {
    $(`deal-mode-${m}`).classList.toggle("on", m === mode);
    if (m !== "file") $(`deal-${m}`).hidden = m !== mode;
  }
  if (mode === "file") $("deal-file").scrollIntoView({ block: "start" });
  if (mode === "tap") renderTapDeal();
  save();
}

async function useDeal(text) {
  clearErrors();
  try {
    const data = await (await api("/api/deal", { deal: text, board: $("number").value.trim() })).json();
    loadRecord(data, true);
  } catch (e) { showError(e.field || "deal", e.message); }
}

function tapDealt() {
  const all = new Set();
  SEATS.forEach((s) => state.dealTap[s].forEach((c) => all.add(c)));
  return all;
}

function tapCard(card) {
  const owner = SEATS.find((s) => state.dealTap[s].includes(card));
  if (owner) {
    state.dealTap[owner] = state.dealTap[owner].filter((c) => c !== card);
    state.tapSeat = owner;
  } else if (state.dealTap[state.tapSeat].length < 13) {
    state.dealTap[state.tapSeat].push(card);
    if (state.dealTap[state.tapSeat].length === 13) {
      const next = SEATS.find((s) => state.dealTap[s].length < 13);
      if (next) state.tapSeat = next;
    }
  }
  const short = SEATS.filter((s) => state.dealTap[s].length < 13);
  if (short.length === 1 && state.dealTap[short[0]].length === 0) {  // the last hand: the cards left
    const dealt = tapDealt();
    for (const [suit] of SUITS) for (const r of RANKS) {
      if (!dealt.has(suit + r)) state.dealTap[short[0]].push(suit + r);
    }
  }
  renderTapDeal();
  if (SEATS.every((s) => state.dealTap[s].length === 13)) {
    const hand = (s) => SUITS.map(([suit]) => state.dealTap[s].filter((c) => c[0] === suit)
      .sort((a, b) => RANKS.indexOf(a[1]) - RANKS.indexOf(b[1])).map((c) => c[1]).join("")).join(".");
    useDeal("N:" + SEATS.map(hand).join(" "));
  }
  save();
}

function renderTapDeal() {
  const seats = $("tap-seats");
  seats.textContent = "";
  for (const s of SEATS) {
    seats.appendChild(button(`${s} ${state.dealTap[s].length}`, { class: s === state.tapSeat ? "on" : "",
      "data-tap-seat": s }, () => { state.tapSeat = s; renderTapDeal(); }));
  }
  $("tap-note").textContent = `Tap ${NAMES[state.tapSeat]}'s 13 cards; a card tapped again goes back. `
    + "The last hand is the cards left.";
  const grid = $("tap-grid");
  grid.textContent = "";
  for (const [suit, sym] of SUITS) {
    const line = el("div", { class: "suit" });
    line.appendChild(el("span", { class: "sym" + (RED[suit] ? " red" : "") }, sym));
    for (const r of RANKS) {
      const card = suit + r;
      const owner = SEATS.find((s) => state.dealTap[s].includes(card));
      line.appendChild(button(owner ? `${r}${owner.toLowerCase()}` : r, {
        class: "card" + (RED[suit] ? " red" : "") + (owner ? " dealt" : ""),
        "data-deal-card": card, "aria-label": `${pretty(card)}${owner ? ` (${NAMES[owner]})` : ""}`,
      }, () => tapCard(card)));
    }
    grid.appendChild(line);
  }
}

// The deal as read, as a compass of the four hands: what was typed is confirmed at once.
function renderDiagram() {
  const box = $("deal-diagram");
  box.textContent = "";
  const b = state.board;
  box.hidden = !b;
  if (!b) return;
  const number = $("number").value.trim() || (b.number !== null ? String(b.number) : "");
  box.appendChild(el("p", { class: "said", "data-deal-said": "" },
    `Deal read${number ? ` for board ${number}` : ""}: 52 cards, 13 a hand.`));
  for (const seat of SEATS) {
    const hand = el("div", { class: `dh seat-${seat}`, "data-diagram-seat": seat });
    hand.appendChild(el("b", {}, NAMES[seat]));
    for (const [suit, sym] of SUITS) {
      const ranks = b.hands[seat].filter((c) => c[0] === suit).map((c) => c.slice(1)).join(" ");
      const line = el("div", { "data-diagram-suit": suit });
      line.appendChild(el("span", { class: RED[suit] ? "red" : "" }, `${sym} `));
      line.appendChild(document.createTextNode(ranks || "—"));
      hand.appendChild(line);
    }
    box.appendChild(hand);
  }
}

function loadRecord(data, typed, name) {
  state.boards = data.boards;
  const select = $("board");
  select.textContent = "";
  data.boards.forEach((b, i) => {
    const label = b.label + (b.contract ? ` — ${b.contract} ${b.declarer}` : "");
    select.appendChild(el("option", { value: String(i) }, label));
  });
  select.disabled = typed;
  $("board-note").textContent = data.errors.length
    ? `${data.errors.length} board(s) could not be read: ${data.errors[0].error}` : "";
  if (!typed) {
    state.record = { boards: data.boards, errors: data.errors, name: name || "hand record" };
    try { localStorage.setItem(RECORD_KEY, JSON.stringify(state.record)); } catch (e) { /* too large: this visit only */ }
    renderBoardList();
    $("deal-other").open = false;  // the hand record gives the deals: the other ways fold away
  }
  if (typed || data.boards.length === 1) selectBoard(0, typed);
  else {
    state.board = null;
    renderDiagram();
    $("board-list").scrollIntoView({ block: "nearest" });
  }
}

// The hand record's boards, one tap each: a ruling starts with its board number.
function renderBoardList() {
  const box = $("board-list");
  box.textContent = "";
  const rec = state.record;
  $("record-said").textContent = rec
    ? `${rec.name}: ${rec.boards.length} board${rec.boards.length === 1 ? "" : "s"}. Tap the board.` : "";
  if (!rec) return;
  rec.boards.forEach((b, i) => {
    box.appendChild(button(b.number !== null ? String(b.number) : String(i + 1), {
      class: state.board && state.board.deal === b.deal && state.board.number === b.number ? "on" : "",
      "data-board": String(b.number !== null ? b.number : i + 1), "aria-label": b.label }, () => {
      state.boards = rec.boards;
      selectBoard(i, false);
      renderBoardList();
    }));
  });
}

function selectBoard(i, typed) {
  const b = state.boards[i];
  state.board = b;
  state.rows = { N: [], E: [], S: [], W: [] };
  state.history = [];
  if (b.play) {  // the file's play, card by card in seat order (undo takes the last seat's)
    for (const [seat, row] of Object.entries(b.play)) {
      state.rows[seat] = row.slice();
      row.forEach(() => state.history.push(seat));
    }
  }
  if (!typed) {
    $("number").value = b.number !== null ? String(b.number) : "";
    $("dealer").value = b.dealer || "";
    $("vul").value = b.vulnerable ? { NONE: "None", NS: "NS", EW: "EW", BOTH: "All" }[b.vulnerable] : "";
  }
  $("auction").value = b.auction || "";
  if (b.contract) {
    const m = b.contract.match(/^(\d)(NT|[CDHS])(X*)$/);
    if (m) state.contract = { level: m[1], strain: m[2], doubled: m[3], declarer: b.declarer };
  }
  $("result").value = b.result !== null && b.play ? String(b.result) : "";
  state.revoke = { seat: "", card: "", trick: "", state: "", won: "", later: "" };
  state.playFrom = 0;
  state.playLead = "";
  state.claimSteps = [];
  Object.assign(state, CP_EMPTY());
  if (!typed) setOptions(b.options);
  else setOption("revoke", "");
  if (!b.contract) state.contract = { level: "", strain: "", declarer: "", doubled: "" };
  $("ruling").textContent = "";
  renderDiagram();
  renderContract();
  renderRevoke();
  changed();
}

// --- 2. the contract, one tap a choice --------------------------------------------------------

function renderContract() {
  const c = state.contract;
  const pick = (id, items, key, label) => {
    const box = $(id);
    box.textContent = "";
    box.appendChild(el("span", { class: "pick-label" }, label));
    for (const [value, text] of items) {
      box.appendChild(button(text, { class: (c[key] === value ? "on " : "") + (RED[value] ? "red" : ""),
        [`data-${key}`]: value }, () => {
        c[key] = c[key] === value && key === "doubled" ? "" : value;
        renderContract();
        changed();
      }));
    }
  };
  pick("pick-level", [..."1234567"].map((x) => [x, x]), "level", "Level");
  pick("pick-strain", [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"], ["NT", "NT"]], "strain", "Strain");
  pick("pick-declarer", SEATS.map((s) => [s, s]), "declarer", "Declarer");
  pick("pick-doubled", [["X", "X"], ["XX", "XX"]], "doubled", "Doubled");
  $("contract-said").textContent = contractReady()
    ? `${contractText()} by ${NAMES[c.declarer]}` : "Pick the level, the strain and declarer.";
}

function contractReady() {
  const c = state.contract;
  return Boolean(c.level && c.strain && c.declarer);
}

function contractText() {
  const c = state.contract;
  return `${c.level}${c.strain}${c.doubled}`;
}

// --- 3. the play --------------------------------------------------------------------------------

function played() {
  const set = new Set();
  SEATS.forEach((s) => state.rows[s].forEach((c) => set.add(c)));
  return set;
}

function seatInView() {
  if (state.mode === "rows") return state.rowSeat;
  if (state.toPlay) return state.toPlay;
  if (cardsPlayed() === 0 && state.playFrom) return state.playLead || null;
  if (cardsPlayed() === 0 && state.contract.declarer) {
    return SEATS[(SEATS.indexOf(state.contract.declarer) + 1) % 4];  // the opening leader
  }
  return null;
}

function handBox(seat, used) {
  const hand = el("div", { class: "hand turn", id: `hand-${seat}` });
  const title = el("h3", {}, `${NAMES[seat]}${state.mode === "rows"
    ? ` — row: ${state.rows[seat].length} of ${rowLength()}` : " to play"}`);
  title.appendChild(button("?", { class: "unknown", "data-unknown": seat,
    "aria-label": `${NAMES[seat]}: a card nobody remembers` }, () => tap(seat, "?")));
  // "-": no card, attention was drawn before this seat played (Law 62A); the others'
  // cards to the trick came after that moment, and the play stops there
  title.appendChild(button("–", { class: "unknown", "data-no-card": seat,
    "aria-label": `${NAMES[seat]}: no card, the play stopped before ${NAMES[seat]} played` },
  () => tap(seat, "-")));
  hand.appendChild(title);
  for (const [suit, sym] of SUITS) {
    const line = el("div", { class: "suit" });
    line.appendChild(el("span", { class: "sym" + (RED[suit] ? " red" : "") }, sym));
    for (const card of state.board.hands[seat].filter((c) => c[0] === suit)) {
      const b = button(card.slice(1), { class: "card" + (RED[suit] ? " red" : "")
        + (used.has(card) ? " played" : ""), "data-card": card,
        "aria-label": `${NAMES[seat]} ${pretty(card)}` }, () => tap(seat, card));
      if (used.has(card)) b.disabled = true;
      line.appendChild(b);
    }
    hand.appendChild(line);
  }
  return hand;
}

// The trick being played, as a small compass beside the hand to play.
function renderCurrent() {
  const box = $("current");
  box.textContent = "";
  const last = state.tricks[state.tricks.length - 1];
  const open = last && last.cards.length < 4 ? last : null;
  const number = open ? open.trick : state.tricks.length + firstTrick();
  box.appendChild(el("p", { class: "trick-no" }, number <= 13 ? `Trick ${number}` : "Done"));
  const grid = el("div", { class: "compass" });
  for (const seat of SEATS) {
    const c = open && open.cards.find((x) => x.seat === seat);
    const cell = el("div", { class: `pos-${seat}` + (seat === seatInView() ? " next" : "") });
    cell.appendChild(el("span", { class: "seat" }, seat));
    if (c) cell.appendChild(cardSpan(c.card, c.revoke ? "revoke" : ""));
    grid.appendChild(cell);
  }
  box.appendChild(grid);
}

function renderHands() {
  const box = $("hands");
  box.textContent = "";
  renderRowSeats();
  if (!state.board) return;
  const seat = seatInView();
  renderCurrent();
  if (state.playFrom && !state.playLead) box.appendChild(leadPick());
  if (seat) box.appendChild(handBox(seat, played()));
}

// Who led the first trick entered, when the play is entered from the trick the equity
// screen named: the play before it is not entered, so the page cannot tell.
function leadPick() {
  const box = el("div", { class: "pick", id: "pick-play-lead" });
  box.appendChild(el("span", { class: "pick-label" }, `Trick ${state.playFrom} led by`));
  for (const s of SEATS) {
    box.appendChild(button(s, { "data-play-lead": s }, () => {
      state.playLead = s;
      changed();
    }));
  }
  return box;
}

// The equity screen asked for the play from trick n: entry starts there.
function playFromTrick(n) {
  state.playFrom = n;
  state.playLead = "";
  state.rows = { N: [], E: [], S: [], W: [] };
  state.history = [];
  setMode("tricks");
  changed();
  $("hands").scrollIntoView({ block: "center" });
}

function renderRowSeats() {
  const box = $("row-seats");
  box.hidden = state.mode !== "rows";
  box.textContent = "";
  for (const s of SEATS) {
    box.appendChild(button(`${s} ${state.rows[s].length}`, { class: s === state.rowSeat ? "on" : "",
      "data-row-seat": s }, () => {
      state.rowSeat = s;
      renderHands();
      if (cardsPlayed() && cardsPlayed() < 52) $("turn").textContent = turnNote(state.toPlay);
    }));
  }
}

function tap(seat, card) {
  if (state.rows[seat].length >= rowLength()) {
    showError("rows", `${NAMES[seat]} has played ${rowLength()} cards`);
    return;
  }
  state.rows[seat].push(card);
  state.history.push(seat);
  if (state.mode === "rows" && state.rows[seat].length === rowLength()) {
    const next = [1, 2, 3].map((k) => SEATS[(SEATS.indexOf(seat) + k) % 4])
      .find((s) => state.rows[s].length < rowLength());
    if (next) state.rowSeat = next;
  }
  changed();
}

function undo() {
  const seat = state.history.pop();
  if (seat) {
    state.rows[seat].pop();
    if (state.mode === "rows") state.rowSeat = seat;
  } else if (state.cleared) {  // the play a Clear took away comes back
    state.rows = state.cleared.rows;
    state.history = state.cleared.history;
    state.cleared = null;
  }
  changed();
}

// "Clear" asks first (it takes every card of the play), and Undo can bring them back.
function askClear() {
  const n = cardsPlayed();
  if (!n) return;
  $("clear-ask").textContent = `Clear all ${n} card${n === 1 ? "" : "s"} of the play? Undo brings them back.`;
  $("clear-confirm").hidden = false;
  $("clear-yes").focus();
}

function clearPlay() {
  $("clear-confirm").hidden = true;
  state.cleared = { rows: state.rows, history: state.history };
  state.rows = { N: [], E: [], S: [], W: [] };
  state.history = [];
  changed();
}

function setMode(mode) {
  state.mode = mode;
  $("mode-tricks").classList.toggle("on", mode === "tricks");
  $("mode-rows").classList.toggle("on", mode === "rows");
  renderHands();
  if (state.board && cardsPlayed() && cardsPlayed() < 52) $("turn").textContent = turnNote(state.toPlay);
  save();
}

function rowsText() {
  const b = state.board;
  const out = [];
  const number = $("number").value.trim();
  if (number) out.push(`board: ${number}`);
  else if (b.number !== null) out.push(`board: ${b.number}`);
  if ($("dealer").value) out.push(`dealer: ${$("dealer").value}`);
  if ($("vul").value) out.push(`vulnerable: ${$("vul").value}`);
  out.push(`deal: ${b.deal}`);
  if (contractReady()) {
    out.push(`contract: ${contractText()}`);
    out.push(`declarer: ${state.contract.declarer}`);
  }
  const auction = $("auction").value.replace(/[\r\n#]+/g, " ").trim();
  if (auction) out.push(`auction: ${auction}`);
  if ((state.end === "claim" || cardsPlayed() === 0 || state.playFrom)
      && $("result").value.trim()) {
    out.push(`result: ${$("result").value.trim()}`);  // from a later trick: the tricks in all
  }
  if (state.playFrom) {
    out.push(`play-from: ${state.playFrom}`);
    if (state.playLead) out.push(`lead: ${state.playLead}`);
  }
  for (const s of SEATS) out.push(`${s}: ${state.rows[s].join(" ")}`);
  return out.join("\n") + "\n";
}

function cardsPlayed() {
  return SEATS.reduce((n, s) => n + state.rows[s].length, 0);
}

function renderTricks(data) {
  const body = $("tricks").querySelector("tbody");
  body.textContent = "";
  for (const t of data.tricks) {
    const tr = el("tr");
    tr.appendChild(el("td", {}, t.trick));
    for (const seat of SEATS) {
      const td = el("td");
      const c = t.cards.find((x) => x.seat === seat);
      if (c) {
        td.appendChild(cardSpan(c.card));
        if (c.revoke) { td.classList.add("revoke"); td.title = "revoke"; }
      }
      if (t.leader === seat) td.classList.add("lead");
      if (t.winner === seat) td.classList.add("won");
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

// What the page waits for: in rows mode the row being entered, else the seat to play.
function turnNote(toPlay) {
  if (state.mode === "rows") {
    const s = state.rowSeat;
    return `Entering ${NAMES[s]}'s row: ${state.rows[s].length} of ${rowLength()} cards.`;
  }
  return toPlay ? `${NAMES[toPlay]} to play.` : "";
}

function changed() {
  clearErrors();
  save();
  if (state.board && hasOption("claim_position")) renderClaimPosition();
  if ($("ruling").childElementCount) $("ruling").classList.add("stale");
  if (!state.board) return;
  $("rows-text").textContent = rowsText();
  state.toPlay = null;
  const seq = ++state.seq;
  if (cardsPlayed() === 0 || !contractReady()) {
    state.tricks = [];
    $("tricks").querySelector("tbody").textContent = "";
    renderHands();
    $("turn").textContent = !contractReady() ? "Give the contract first."
      : state.playFrom && !state.playLead ? `Who led trick ${state.playFrom}? Then the cards from it.`
        : state.mode === "rows" ? "Tap each seat's quitted cards in order, seat after seat."
          : `Tap the cards as they were played${state.playFrom ? ` from trick ${state.playFrom}` : ""}.`;
    $("status").textContent = "";
    return;
  }
  renderHands();
  api("/api/tricks", { rows: rowsText() }).then((r) => r.json()).then((data) => {
    if (seq !== state.seq) return;
    state.toPlay = data.to_play;
    state.tricks = data.tricks;
    renderTricks(data);
    renderHands();
    $("turn").textContent = cardsPlayed() === 4 * rowLength() ? "Play complete."
      : turnNote(data.to_play);
  }).catch((e) => { if (seq === state.seq) showError(e.field || "rows", e.message); });
}

// --- 4. the table's facts: they set the Director's options ---------------------------------

function pickOn(boxId, attr, value) {
  $(boxId).querySelectorAll(`[${attr}]`).forEach((b) => b.classList.toggle("on", b.getAttribute(attr) === value));
}

// The fact buttons show what the options say (a file's facts, a restored case).
function syncFacts() {
  const v = optionValues();
  pickOn("pick-attention", "data-attention", v.attention || "");
  pickOn("pick-claim-status", "data-status", v.claim_status || "");
  if (v.claimer || v.claim || $("result").value.trim()) state.end = "claim";
  pickOn("pick-end", "data-end", state.end);
  $("claim-box").hidden = state.end !== "claim";
  renderClaimer(v.claimer || (v.claim || "").split(":")[0].trim().toUpperCase());
  renderClaimChips();
  claimPositionFromOption();
  if (v.claim_position && cardsPlayed() === 0 && !$("result").value.trim()) fillTotal();
  renderClaimPosition();
  revokeFromOption();
  renderRevoke();
  renderRequirements();
}

function renderClaimer(current) {
  const box = $("pick-claimer");
  box.textContent = "";
  box.appendChild(el("span", { class: "pick-label" }, "By"));
  for (const s of SEATS) {
    box.appendChild(button(s, { class: current === s ? "on" : "", "data-claimer": s }, () => {
      setOption("claimer", current === s ? "" : s);
      setOption("claim", claimText());  // the seat under "By" is the statement's seat
      fillTotal();
      syncFacts();
      changed();
    }));
  }
}

// --- a revoke as reported: who, which card, which trick, and the quitted cards' facts ---

const RV_EMPTY = { seat: "", card: "", trick: "", state: "", won: "", later: "" };

// The revoke option ('4 E S3 established; won E; later yes'), from the taps: what
// equity rule --revoke takes, so the page and the command line rule the same facts.
function revokeText() {
  const r = state.revoke;
  if (!(r.seat && r.card && r.trick && r.state)) return "";
  const parts = [`${r.trick} ${r.seat} ${r.card} ${r.state}`];
  if (r.won) parts.push(`won ${r.won}`);
  if (r.later) parts.push(`later ${r.later}`);
  return parts.join("; ");
}

function renderRevoke() {
  if (!hasOption("revoke")) return;
  const r = state.revoke;
  const b = state.board;
  const pick = (id, label, items, key, after) => {
    const box = $(id);
    box.textContent = "";
    box.appendChild(el("span", { class: "pick-label" }, label));
    for (const [value, text] of items) {
      box.appendChild(button(text, { class: (r[key] === value ? "on" : "") + (text.length > 3 ? " wide" : ""),
        [`data-rv-${key}`]: value }, () => {
        r[key] = r[key] === value ? "" : value;
        if (key === "seat") r.card = "";
        if (after) after();
        revokeChanged();
      }));
    }
  };
  pick("rv-seat", "Revoked", SEATS.map((x) => [x, x]), "seat");
  const cards = $("rv-cards");
  cards.textContent = "";
  if (r.seat && b) {
    cards.appendChild(el("p", { class: "note" }, `Tap the card ${NAMES[r.seat]} revoked with:`));
    const line = el("div", { class: "suit" });
    for (const card of b.hands[r.seat]) {
      line.appendChild(button(pretty(card), { class: "card" + (RED[card[0]] ? " red" : "") + (r.card === card ? " on" : ""),
        "data-rv-card": card }, () => { r.card = r.card === card ? "" : card; revokeChanged(); }));
    }
    cards.appendChild(line);
  }
  pick("rv-trick", "On trick", [..."123456789", "10", "11", "12", "13"].map((x) => [x, x]), "trick");
  pick("rv-state", "It was", [["established", "established"], ["corrected", "corrected"]], "state");
  pick("rv-won", "Revoke trick won by", SEATS.map((x) => [x, x]), "won");
  pick("rv-later", "His side won a later trick", [["yes", "yes"], ["no", "no"]], "later");
  const tricks = $("rv-tricks");
  tricks.textContent = "";
  tricks.appendChild(el("span", { class: "pick-label" }, "Declarer's tricks in all"));
  for (let n = 0; n <= 13; n += 1) {
    tricks.appendChild(button(String(n), { class: $("result").value.trim() === String(n) ? "on" : "",
      "data-rv-tricks": String(n) }, () => {
      $("result").value = $("result").value.trim() === String(n) ? "" : String(n);
      revokeChanged();
    }));
  }
  const text = revokeText();
  $("rv-said").textContent = text ? `The revoke: ${text}.` : "";
}

function revokeChanged() {
  setOption("revoke", revokeText());
  renderRevoke();
  changed();
}

// The option read back into taps (a restored case, a hand record's [EquityRevoke]).
function revokeFromOption() {
  const v = (optionValues().revoke || "").trim();
  const r = { ...RV_EMPTY };
  const m = v.match(/^(\d+)\s+([NESW])\s+(\S+)\s+(established|corrected)/i);
  if (m) {
    Object.assign(r, { trick: m[1], seat: m[2].toUpperCase(), card: m[3].toUpperCase(), state: m[4].toLowerCase() });
    const won = v.match(/won\s+([NESW])/i);
    const later = v.match(/later\s+(yes|no)/i);
    if (won) r.won = won[1].toUpperCase();
    if (later) r.later = later[1].toLowerCase();
  }
  state.revoke = r;
}

// --- a claim built from taps: the seat under "By", the statement's words, his cards --------

// The statement's step chips: the server's (one table of the step words, core/game/claim.py).
function claimWords() {
  const o = state.options.find((x) => x.name === "claim");
  return o && o.chips ? o.chips : [];
}

function claimText() {
  const seat = optionValues().claimer || "";
  return seat && state.claimSteps.length ? `${seat}: ${state.claimSteps.join("; ")}` : "";
}

function renderClaimChips() {
  const box = $("claim-chips");
  if (!box || !hasOption("claim")) return;
  box.textContent = "";
  const seat = optionValues().claimer || "";
  box.appendChild(el("p", { class: "note" }, seat
    ? `What ${NAMES[seat]} said, in order (tap the words and his cards):`
    : "Tap who claimed (By), then what he said."));
  const words = el("div", { class: "chips" });
  for (const w of claimWords()) {
    const shown = w.startsWith("ruff ") ? `ruff ${pretty(w.slice(5))}` : w;
    words.appendChild(button(shown, { class: "chip", "data-claim-word": w }, () => {
      state.claimSteps.push(w);
      claimChanged();
    }));
  }
  words.appendChild(button("Undo a word", { class: "chip", "data-claim-undo": "" }, () => {
    state.claimSteps.pop();
    claimChanged();
  }));
  box.appendChild(words);
  if (seat && state.board) {
    const held = heldNow(seat);
    const line = el("div", { class: "suit" });
    for (const card of held) {
      line.appendChild(button(pretty(card), { class: "card" + (RED[card[0]] ? " red" : ""),
        "data-claim-card": card }, () => {
        const last = state.claimSteps[state.claimSteps.length - 1];
        if (last && /^[SHDC][2-9TJQKA]( [SHDC][2-9TJQKA])*$/.test(last)) {
          state.claimSteps[state.claimSteps.length - 1] = `${last} ${card}`;
        } else state.claimSteps.push(card);
        claimChanged();
      }));
    }
    box.appendChild(line);
  }
  const said = claimText();
  if (said) box.appendChild(el("p", { class: "said", "data-claim-said": "" }, `The claim: ${said}`));
}

// The cards a seat still holds after the play entered so far.
function heldNow(seat) {
  if (cardsPlayed() === 0 && state.claimHeld[seat].length) return inOrder(state.claimHeld[seat]);
  const gone = new Set(state.rows[seat]);
  return state.board.hands[seat].filter((c) => !gone.has(c));
}

function claimChanged() {
  setOption("claim", claimText());
  fillTotal();
  renderClaimChips();
  changed();
}

// Declarer's tricks in all under a claim of the rest: the tricks won so far, counted from
// the play entered, and the tricks left when his side claims them.
function claimTotal() {
  const v = optionValues();
  const claimer = v.claimer || (v.claim || "").split(":")[0].trim().toUpperCase();
  if (!claimer || !contractReady()) return null;
  const mine = (s) => "NS".includes(s) === "NS".includes(state.contract.declarer);
  if (cardsPlayed() === 0) {  // from the cards still held: the tricks won as tapped
    const left = heldLeft();
    if (!left || state.claimWon === "") return null;
    const ns = Number(state.claimWon);
    const won = mine("N") ? ns : 13 - left - ns;
    const concede = state.claimSteps.map((w) => w.match(/^concede (\d+)$/)).find((m) => m);
    const his = left - (concede ? Number(concede[1]) : 0);
    return won + (mine(claimer) ? his : left - his);
  }
  const done = state.tricks.filter((t) => t.winner);
  const won = done.filter((t) => mine(t.winner)).length;
  return won + (mine(claimer) ? 13 - done.length : 0);
}

function fillTotal() {
  const total = claimTotal();
  if (total !== null) $("result").value = String(total);
}

// --- a claim from the cards still held: no play entered, the position at the claim -------

const CP_EMPTY = () => ({ claimHeld: { N: [], E: [], S: [], W: [] }, claimLead: "", claimWon: "" });

// Cards as a hand is shown: spades first, high card first.
function inOrder(cards) {
  const order = (c) => "SHDC".indexOf(c[0]) * 13 + RANKS.indexOf(c[1]);
  return [...cards].sort((a, b) => order(a) - order(b));
}

// The cards each seat holds, when they hold as many (the claim is made between tricks).
function heldLeft() {
  const n = SEATS.map((s) => state.claimHeld[s].length);
  return n.every((k) => k === n[0]) && n[0] > 0 ? n[0] : 0;
}

// The claim position option ('lead S; won NS 3 EW 5; N SK S7 ...'): what equity rule
// --claim-position takes, so the page and the command line rule the same facts.
function claimPositionText() {
  const left = heldLeft();
  if (!left || !state.claimLead || state.claimWon === "") return "";
  const ns = Number(state.claimWon);
  if (ns > 13 - left) return "";
  const hands = SEATS.map((s) => `${s} ${inOrder(state.claimHeld[s]).join(" ")}`).join("; ");
  return `lead ${state.claimLead}; won NS ${ns} EW ${13 - left - ns}; ${hands}`;
}

function renderClaimPosition() {
  const box = $("claim-position-box");
  if (!box || !hasOption("claim_position")) return;
  const b = state.board;
  box.hidden = cardsPlayed() > 0 || !b;  // with the play entered, the play gives the position
  if (box.hidden) return;
  const held = $("cp-held");
  held.textContent = "";
  held.appendChild(el("p", { class: "note" }, "Without the play: tap the cards each player " +
    "still holds (a suit's symbol takes all he was dealt in it), who is on lead, and the " +
    "tricks North-South have won."));
  for (const seat of SEATS) {
    const line = el("div", { class: "suit", "data-cp-seat": seat });
    line.appendChild(el("span", { class: "sym" }, seat));
    for (const [suit, sym] of SUITS) {
      const dealt = b.hands[seat].filter((c) => c[0] === suit);
      if (!dealt.length) continue;
      line.appendChild(button(sym, { class: "card sym-all" + (RED[suit] ? " red" : ""),
        "data-cp-suit": `${seat} ${suit}`, "aria-label": `all ${NAMES[seat]}'s ${sym}` }, () => {
        const has = dealt.every((c) => state.claimHeld[seat].includes(c));
        const keep = state.claimHeld[seat].filter((c) => !dealt.includes(c));
        state.claimHeld[seat] = b.hands[seat].filter((c) => keep.includes(c) || (!has && dealt.includes(c)));
        claimPositionChanged();
      }));
      for (const card of dealt) {
        const on = state.claimHeld[seat].includes(card);
        line.appendChild(button(pretty(card), { class: "card" + (RED[suit] ? " red" : "") + (on ? " on" : ""),
          "data-cp-card": `${seat} ${card}` }, () => {
          const now = state.claimHeld[seat].includes(card);
          state.claimHeld[seat] = b.hands[seat].filter((c) => (c === card ? !now : state.claimHeld[seat].includes(c)));
          claimPositionChanged();
        }));
      }
    }
    held.appendChild(line);
  }
  const pick = (id, label, items, key) => {
    const row = $(id);
    row.textContent = "";
    row.appendChild(el("span", { class: "pick-label" }, label));
    for (const [value, text] of items) {
      row.appendChild(button(text, { class: state[key] === value ? "on" : "",
        [`data-cp-${key === "claimLead" ? "lead" : "won"}`]: value }, () => {
        state[key] = state[key] === value ? "" : value;
        claimPositionChanged();
      }));
    }
  };
  pick("cp-lead", "On lead", SEATS.map((x) => [x, x]), "claimLead");
  const left = heldLeft() || Math.max(...SEATS.map((s) => state.claimHeld[s].length));
  const played = left ? 13 - left : 13;
  pick("cp-won", "Tricks N-S won", [...Array(played + 1).keys()].map((n) => [String(n), String(n)]), "claimWon");
  const counts = SEATS.map((s) => `${s} ${state.claimHeld[s].length}`).join(" · ");
  const text = claimPositionText();
  $("cp-said").textContent = text
    ? `At trick ${14 - heldLeft()}: N-S have won ${state.claimWon}, E-W ${13 - heldLeft() - Number(state.claimWon)}; cards held ${counts}.`
    : `Cards held: ${counts}.`;
}

function claimPositionChanged() {
  setOption("claim_position", claimPositionText());
  fillTotal();
  renderClaimPosition();
  renderClaimChips();
  changed();
}

// The option read back into taps (a restored case, a hand record's [EquityClaimPosition]).
function claimPositionFromOption() {
  const v = (optionValues().claim_position || "").trim();
  if (!v || v === claimPositionText()) return;
  const got = CP_EMPTY();
  for (const part of v.split(";").map((p) => p.trim())) {
    const lead = part.match(/^lead\s+([NESW])$/i);
    const won = part.match(/^won\s+NS\s+(\d+)\s+EW\s+(\d+)$/i);
    const hand = part.match(/^([NESW])\s+(.*)$/i);
    if (lead) got.claimLead = lead[1].toUpperCase();
    else if (won) got.claimWon = won[1];
    else if (hand) got.claimHeld[hand[1].toUpperCase()] = hand[2].toUpperCase().split(/\s+/).filter((c) => c && c !== "-");
  }
  Object.assign(state, got);
}

function requirements() {
  const c = $("opt-requirements");
  return c ? c.value.split("\n").map((x) => x.trim()).filter((x) => x) : [];
}

function renderRequirements() {
  if (!hasOption("requirements")) return;
  const list = $("req-list");
  list.textContent = "";
  if (!requirements().length) list.appendChild(el("li", { class: "none", "data-req-none": "" }, "None given."));
  requirements().forEach((r, i) => {
    const li = el("li", {}, r + " ");
    li.appendChild(button("Remove", { class: "small" }, () => {
      $("opt-requirements").value = requirements().filter((_, k) => k !== i).join("\n");
      syncFacts();
      changed();
    }));
    list.appendChild(li);
  });
  const seats = $("req-seat");
  seats.textContent = "";
  seats.appendChild(el("span", { class: "pick-label" }, "Whose"));
  for (const s of SEATS) {
    seats.appendChild(button(s, { class: s === state.reqSeat ? "on" : "", "data-req-seat": s },
      () => { state.reqSeat = s; renderRequirements(); }));
  }
  pickOn("req-kind", "data-kind", state.reqKind);
  const pick = $("req-pick");
  pick.textContent = "";
  const add = (what) => {
    const trick = $("req-trick").value.trim() || "1";
    $("opt-requirements").value = [...requirements(), `${trick} ${state.reqSeat} ${state.reqKind} ${what}`].join("\n");
    syncFacts();
    changed();
  };
  if (state.reqKind === "lead") {
    for (const [suit, sym] of SUITS) {
      pick.appendChild(button(sym, { class: "card" + (RED[suit] ? " red" : ""), "data-req-suit": suit }, () => add(suit)));
    }
  } else if (state.board) {
    pick.appendChild(el("p", { class: "note" }, `Tap ${NAMES[state.reqSeat]}'s penalty card:`));
    const line = el("div", { class: "suit" });
    for (const card of state.board.hands[state.reqSeat]) {
      line.appendChild(button(pretty(card), { class: "card" + (RED[card[0]] ? " red" : ""),
        "data-req-card": card }, () => add(card)));
    }
    pick.appendChild(line);
  }
}

// --- keeping the case on the device -------------------------------------------------------------

function save() {
  if (state.restoring) return;
  const keep = { board: state.board, boards: state.board ? [state.board] : [], rows: state.rows,
    history: state.history, mode: state.mode, rowSeat: state.rowSeat, contract: state.contract,
    dealTap: state.dealTap, tapSeat: state.tapSeat, dealMode: state.dealMode, end: state.end,
    number: $("number").value, dealer: $("dealer").value, vul: $("vul").value,
    dealText: $("deal-text").value, result: $("result").value, auction: $("auction").value,
    revoke: state.revoke, claimSteps: state.claimSteps, claimHeld: state.claimHeld,
    claimLead: state.claimLead, claimWon: state.claimWon, playFrom: state.playFrom,
    playLead: state.playLead,
    options: state.options.length ? optionValues() : undefined };
  try { localStorage.setItem(CASE_KEY, JSON.stringify(keep)); } catch (e) { /* storage full: not kept */ }
}

function restore() {
  let keep = null;
  try { keep = JSON.parse(localStorage.getItem(CASE_KEY) || "null"); } catch (e) { keep = null; }
  if (!keep) { renderContract(); renderBoardList(); renderRevoke(); return; }
  state.restoring = true;
  try { state.record = JSON.parse(localStorage.getItem(RECORD_KEY) || "null"); } catch (e) { state.record = null; }
  for (const k of ["rows", "history", "mode", "rowSeat", "contract", "dealTap", "tapSeat", "end", "revoke", "claimSteps", "claimHeld", "claimLead", "claimWon", "playFrom", "playLead"]) {
    if (keep[k] !== undefined) state[k] = keep[k];
  }
  $("number").value = keep.number || "";
  $("dealer").value = keep.dealer || "";
  $("vul").value = keep.vul || "";
  $("deal-text").value = keep.dealText || "";
  $("result").value = keep.result || "";
  $("auction").value = keep.auction || "";
  if (keep.options) setOptions(keep.options);
  setDealMode(keep.dealMode || "type");
  state.board = keep.board;
  state.boards = keep.boards || [];
  state.restoring = false;
  if (state.record) $("deal-other").open = false;
  renderBoardList();
  renderRevoke();
  renderDiagram();
  setMode(state.mode);
  renderContract();
  syncFacts();
  changed();
}

function newCase() {
  localStorage.removeItem(CASE_KEY);
  location.reload();
}

// --- 5. the ruling: one at a time from this device; the decision first ----------------------

function request() {
  return { rows: rowsText(), options: optionValues() };
}

async function rule(scroll) {
  $("rule-error").textContent = "";
  if (!state.board) { ruleError("deal", "give the deal first"); return; }
  if (!contractReady()) { ruleError("contract", "give the contract: level, strain and declarer"); return; }
  if (scroll) state.scrollAfter = true;
  if (state.ruling) { state.again = true; return; }  // the server takes one ruling a client
  state.ruling = true;
  const started = performance.now();
  $("status").textContent = "Ruling…";
  $("ruling").classList.add("busy");
  try {
    const data = await (await api("/api/rule", request())).json();
    if (!state.again) {
      clearErrors();
      renderRuling(data);
      // a weight naming no line of the board is the board's error: said by the button too
      const weightError = data.rulings.find((r) => r.error && r.error.includes("the weight for '"));
      if (weightError) ruleError(WEIGHTS, weightError.error.replace(/^.*Law 64C check: /, ""));
      $("status").textContent = data.note || "";
      $("ruling").dataset.ms = String(Math.round(performance.now() - started));
      $("ruling").classList.remove("stale");
      if (state.scrollAfter) {
        state.scrollAfter = false;
        $("ruling-section").scrollIntoView({ block: "start" });
      }
    }
  } catch (e) {
    if (e.status === 429) {
      $("status").textContent = `${e.message} (again in ${e.retry || 2} s)`;
      setTimeout(() => rule(false), 1000 * (e.retry || 2));
    } else {
      ruleError(e.field || "general", e.message);
      $("status").textContent = "";
    }
  } finally {
    state.ruling = false;
    $("ruling").classList.remove("busy");
    if (state.again) { state.again = false; rule(false); }
  }
}

function readOut(said, parent) {
  // the board, each revoke, Law 64C and the score numbered; a revoke's steps under it
  const ol = el("ol", { class: "read-out", "data-read-out": "" });
  let last = null;
  for (const [depth, text] of said.read_out) {
    if (depth && last) {
      let sub = last.querySelector("ul");
      if (!sub) { sub = el("ul", { class: "sub" }); last.appendChild(sub); }
      sub.appendChild(el("li", {}, text));
    } else {
      last = el("li", {}, text);
      ol.appendChild(last);
    }
  }
  parent.appendChild(ol);
}

function steps(list, parent) {
  const ol = el("ol");
  for (const s of list) {
    const li = el("li");
    li.appendChild(el("span", { class: "law" }, `Law ${s.law}`));
    li.appendChild(document.createTextNode(s.text));
    ol.appendChild(li);
  }
  parent.appendChild(ol);
}

// The Director's ruling on the claim (Laws 68-71): what was said, the steps, every line
// judged (the award's first) with declarer's tricks and why.
function claimRead(claim, parent) {
  parent.appendChild(el("h4", {}, `The claim by ${NAMES[claim.claimer]}: ${claim.said || "no statement recorded"}`));
  steps(claim.steps, parent);
  claim.lines.forEach((ln, k) => {
    const byTrick = [];
    for (const c of ln.cards) {
      const last = byTrick[byTrick.length - 1];
      const card = `${c.seat}${pretty(c.card)}`;
      if (last && last.trick === c.trick) last.cards.push(card);
      else byTrick.push({ trick: c.trick, cards: [card] });
    }
    const played = byTrick.map((t) => `t${t.trick}: ${t.cards.join(" ")}`).join("; ");
    const label = k === 0 && ln.normal ? "the award" : ln.normal ? "normal" : "not counted";
    parent.appendChild(el("p", { class: "note", "data-claim-line": String(k + 1) },
      `${k + 1}. ${played} -> ${ln.declarer_tricks} tricks [${label}]: ${ln.why}`));
  });
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function percent(w) {
  return Math.round(w * 1000) / 10;
}

// The name a line's weight goes by (equity rule --weight REVOKE:NAME=W): "table",
// "likely" (the likely lines together), "line1", "outcome1", or the substitution card.
function weightKey(line) {
  return `${line.revoke + 1}:${line.name || line.card}`;
}

// The lines grouped by that name, in their order: one weight box a group (the likely
// lines, or a Director's line played on single dummy, share one weight by frequency).
function lineGroups(lines) {
  const groups = new Map();
  for (const line of lines) {
    const key = weightKey(line);
    if (!groups.has(key)) groups.set(key, { key, lines: [] });
    groups.get(key).lines.push(line);
  }
  return [...groups.values()];
}

function lineTitle(line) {
  const revoke = `Revoke ${line.revoke + 1}, `;
  if (line.kind === "table") {
    return `${revoke}the table line (follows ${percent(line.followed)}% of the record)`;
  }
  if (line.kind === "likely") return `${revoke}the likely lines (single dummy)`;
  if (line.kind === "director") return `${revoke}the Director's ${line.name}`;
  if (line.kind === "outcome") return `${revoke}the Director's ${line.name}`;
  const equal = line.equivalents.length > 1
    ? ` (= ${line.equivalents.map(pretty).join(" ")})` : "";
  return `${revoke}${pretty(line.card)}${equal} instead (double dummy)`;
}

function lineResults(lines) {
  const one = (l) => `${l.declarer_tricks} tricks, N-S ${signed(l.score_ns)}`;
  if (lines.length === 1) return one(lines[0]);
  return lines.map((l) => `${percent(l.frequency)}% ${one(l)}`).join("; ");
}

function departure(d) {
  const where = d.trick ? `Trick ${d.trick}${d.seat ? `, ${NAMES[d.seat]}` : ""}` : "";
  const cards = d.recorded && d.card ? `recorded ${pretty(d.recorded)} → ${pretty(d.card)}` : "";
  const head = [where, cards].filter((x) => x).join(": ");
  return head ? `${head}. ${d.reason}` : d.reason;
}

function lineRow(group) {
  const box = el("div", { class: "line-group" });
  const row = el("div", { class: "line" });
  row.appendChild(el("span", { class: "what" },
    `${lineTitle(group.lines[0])}: ${lineResults(group.lines)}`));
  const input = el("input", { type: "number", min: "0", max: "100", step: "1",
    inputmode: "decimal", "data-weight": group.key, "aria-label": `weight of ${group.key} (%)` });
  input.value = String(percent(group.lines.reduce((sum, l) => sum + l.weight, 0)));
  input.addEventListener("change", () => {
    const w = Number(input.value) / 100;
    if (input.value.trim() === "" || Number.isNaN(w) || w < 0 || w > 1) {
      showError(WEIGHTS, `a weight is 0 to 100%, not ${input.value}`);
      return;
    }
    setWeight(group.key, Math.round(w * 10000) / 10000);
    rule();
  });
  const weight = el("span", { class: "weight" });
  weight.appendChild(input);
  weight.appendChild(el("span", {}, "%"));
  row.appendChild(weight);
  box.appendChild(row);
  // why a line weighs nothing (below the probable floor, dropped, a reference only)
  for (const line of group.lines) {
    if (!line.weight_note) continue;
    const which = group.lines.length > 1 ? ` (${percent(line.frequency)}%)` : "";
    box.appendChild(el("p", { class: "weight-note", "data-weight-note": group.key },
      `${line.declarer_tricks} tricks${which}: weight 0%, ${line.weight_note}.`));
  }
  // where the line leaves the record and why; the non-offenders' own errors that stand
  // once a group: the table line's other outcomes share its departures and own errors
  const items = [...new Set(group.lines.flatMap((line) => [
    ...(line.departures || []).map(departure),
    ...(line.own_errors || []).map((d) => `Stands (not caused by the revoke): ${departure(d)}`)]))];
  if (items.length) {
    const ul = el("ul", { class: "departures", "data-departures": group.key });
    for (const text of items) ul.appendChild(el("li", {}, text));
    box.appendChild(ul);
  }
  return box;
}

// What the players' model read of the auction (Law 16A1(a)): each call read and what it
// showed, the calls not read, the calls the real hand does not fit (the Director's view:
// no player knows it, the layouts keep such hands with the fitted share); or why none.
function auctionRead(a, parent) {
  const box = el("div", { class: "auction", "data-auction": "" });
  if (a.note) { box.appendChild(el("p", { class: "note" }, a.note)); parent.appendChild(box); return; }
  box.appendChild(el("p", {}, `Auction (${NAMES[a.dealer] || a.dealer} dealt): ${a.calls.join(" ")}`));
  const ul = el("ul", { class: "sub" });
  for (const c of a.read) {
    ul.appendChild(el("li", { "data-call-read": String(c.call) },
      `${NAMES[c.seat] || c.seat}'s ${c.bid}: ${c.shows || "read"}`));
  }
  for (const o of a.outside || []) {
    ul.appendChild(el("li", { "data-outside": String(o.call) },
      `Outside its calls (the Director sees it, no player knows it): ${o.text}`));
  }
  if (a.not_read.length) {
    ul.appendChild(el("li", { "data-not-read": "" },
      `Not read: ${a.not_read.map((c) => `${NAMES[c.seat] || c.seat}'s ${c.bid}`).join(", ")}`));
  }
  box.appendChild(ul);
  parent.appendChild(box);
}

function renderRuling(data) {
  const box = $("ruling");
  const open = [...box.querySelectorAll("details.more")].map((d) => d.open);
  box.textContent = "";
  data.rulings.forEach((r, i) => {
    const div = el("div", { class: "board-ruling" });
    if (r.error) { div.appendChild(el("p", { class: "error" }, r.error)); box.appendChild(div); return; }
    if (data.rulings.length > 1 && r.unknown) {
      div.appendChild(el("h3", {}, `Possibility ${i + 1}: ` + r.unknown.cards
        .map((c) => `${NAMES[c.seat]}'s card ${c.card_number} = ${pretty(c.card)}`).join(", ")));
    }
    const said = data.said && data.said[i];
    const final = r.ruling;
    if (said) div.appendChild(el("p", { class: "decision", "data-decision": "" }, said.decision));
    const score = final ? (final.scorer || "Not scored yet: a fact is missing.")
      : `${r.contract} by ${r.declarer}: ${r.after_transfer_tricks} tricks after transfer`;
    if (final && final.ns && final.ew) {
      div.appendChild(el("p", { class: "score", "data-score": "" }, score));
      for (const side of ["ns", "ew"]) {
        div.appendChild(el("p", { class: "score side", "data-side-score": side },
          `${side.toUpperCase()}: ${final[side].scorer}`));
      }
    } else {
      div.appendChild(el("p", { class: "score", "data-score": "" }, score));
    }
    if (said) readOut(said, div);
    if (r.reported && r.screen && r.screen.may_be_short) {
      const n = r.screen.play_from_trick;
      const ask = el("p", { class: "ask", "data-play-from": String(n) },
        `The equity check (Law ${r.screen.law}) needs the play from trick ${n}, not before: `);
      ask.appendChild(button(`Enter the play from trick ${n}`, { "data-enter-from": String(n) },
        () => playFromTrick(n)));
      div.appendChild(ask);
    }
    if (r.auction) auctionRead(r.auction, div);
    const more = el("details", { class: "more" });
    more.appendChild(el("summary", {}, "Every step, the lines, weights and sensitivity"));
    if (final && final.after_transfer) {
      more.appendChild(el("p", { class: "note" }, `After the Law 64A transfer: ${final.after_transfer.scorer}`));
    }
    more.appendChild(el("p", {}, `Table: ${r.table_tricks} tricks; after transfer: ${r.after_transfer_tricks}.`));
    r.revokes.forEach((v, k) => {
      more.appendChild(el("h4", {}, `Revoke ${k + 1}: trick ${v.trick}, ${NAMES[v.seat]}, ${pretty(v.card)}`));
      steps(v.steps, more);
    });
    const claim = final && final.claim;
    if (claim) claimRead(claim, more);
    if (r.lines && r.lines.length) {
      more.appendChild(el("h4", {}, "Law 64C lines: tricks, N-S score, weight"));
      for (const group of lineGroups(r.lines)) more.appendChild(lineRow(group));
    }
    if (final && final.sensitivity) {
      more.appendChild(el("p", { class: "note", "data-sensitivity": "" },
        `Sensitivity: ${final.sensitivity}`));
    }
    for (const c of (final && final.checks) || []) {
      more.appendChild(el("p", { class: "equity", "data-equity": String(c.revoke + 1) },
        `Revoke ${c.revoke + 1}, Law ${c.law}: equity ${Number(c.equity_tricks).toFixed(2)} tricks for declarer`));
    }
    if (final && final.steps) {
      more.appendChild(el("h4", {}, "Decision"));
      steps(final.steps, more);
    }
    for (const n of r.notes || []) more.appendChild(el("p", { class: "note" }, n));
    more.open = Boolean(open[i]);  // a new ruling keeps what the Director had unfolded
    div.appendChild(more);
    box.appendChild(div);
  });
}

// The server takes one ruling a client: a download (which rules) waits for this page's
// ruling in flight, and for another tab's (429) as the server says.
async function whenIdle() {
  while (state.ruling) await new Promise((done) => setTimeout(done, 200));
}

async function download(path, name) {
  clearErrors();
  try {
    let response = null;
    for (let attempt = 0; response === null; attempt += 1) {
      await whenIdle();
      try {
        response = await api(path, request());
      } catch (e) {
        if (e.status !== 429 || attempt >= 5) throw e;
        $("status").textContent = `${e.message} (again in ${e.retry || 2} s)`;
        await new Promise((done) => setTimeout(done, 1000 * (e.retry || 2)));
      }
    }
    const blob = await response.blob();
    // saved at once where the browser allows it; a link stays for a tap where it does
    // not (a browser may refuse a download that comes seconds after the tap)
    const box = $("saved");
    box.textContent = "";
    const a = el("a", { href: URL.createObjectURL(blob), download: name, "data-saved": name },
      `Save ${name}`);
    box.appendChild(a);
    a.click();
  } catch (e) {
    showError(e.field || "general", e.message);
  }
}

// --- wiring ---------------------------------------------------------------------------------

$("file").addEventListener("change", async () => {
  clearErrors();
  const f = $("file").files[0];
  if (!f) return;
  const fmt = f.name.toLowerCase().endsWith(".lin") ? "lin" : "pbn";
  try {
    const data = await (await api(`/api/handrecord?format=${fmt}`, f, true)).json();
    loadRecord(data, false, f.name);
  } catch (e) {
    state.board = null;  // the previous deal is not this file's: cleared, not left on screen
    renderDiagram();
    renderBoardList();
    $("ruling").textContent = "";
    showError(e.field || "file", e.message);
  }
});
$("example").addEventListener("click", async () => {
  clearErrors();
  try { loadRecord(await (await api("/api/example")).json(), false, "Example"); }
  catch (e) { showError("file", e.message); }
});
$("board").addEventListener("change", () => selectBoard(Number($("board").value), false));
$("deal-use").addEventListener("click", () => useDeal($("deal-text").value));
$("deal-text").addEventListener("change", () => { if ($("deal-text").value.trim()) useDeal($("deal-text").value); });
for (const m of ["type", "tap", "file"]) $(`deal-mode-${m}`).addEventListener("click", () => setDealMode(m));
$("number").addEventListener("change", () => {
  if (state.board && state.dealMode === "type" && $("deal-text").value.trim()) useDeal($("deal-text").value);
  else changed();
});
for (const id of ["dealer", "vul", "result", "auction"]) $(id).addEventListener("change", changed);
$("undo").addEventListener("click", undo);
$("clear").addEventListener("click", askClear);
$("clear-yes").addEventListener("click", clearPlay);
$("clear-no").addEventListener("click", () => { $("clear-confirm").hidden = true; });
$("rule").addEventListener("click", () => rule(true));
$("mode-tricks").addEventListener("click", () => setMode("tricks"));
$("mode-rows").addEventListener("click", () => setMode("rows"));
$("download-report").addEventListener("click", () => download("/api/report", "ruling.html"));
$("download-pdf").addEventListener("click", () => download("/api/report?format=pdf", "ruling.pdf"));
$("download-pbn").addEventListener("click", () => download("/api/pbn", "case.pbn"));
$("pick-attention").querySelectorAll("[data-attention]").forEach((b) => b.addEventListener("click", () => {
  setOption("attention", b.dataset.attention);
  syncFacts();
  changed();
}));
$("pick-end").querySelectorAll("[data-end]").forEach((b) => b.addEventListener("click", () => {
  state.end = b.dataset.end;
  if (state.end === "played") {
    if (cardsPlayed()) $("result").value = "";  // without the play it is the revoke's tricks in all
    state.claimSteps = [];
    setOption("claimer", ""); setOption("claim", ""); setOption("claim_status", "");
    Object.assign(state, CP_EMPTY());
    setOption("claim_position", "");
  }
  syncFacts();
  changed();
}));
$("pick-claim-status").querySelectorAll("[data-status]").forEach((b) => b.addEventListener("click", () => {
  setOption("claim_status", b.dataset.status);
  syncFacts();
  changed();
}));
$("req-kind").querySelectorAll("[data-kind]").forEach((b) => b.addEventListener("click", () => {
  state.reqKind = b.dataset.kind;
  renderRequirements();
}));
$("set-laws").addEventListener("change", () => { applySettings(true); changed(); });
$("set-event").addEventListener("change", () => { applySettings(true); changed(); });

api("/api/options").then((r) => r.json()).then((d) => {
  buildOptions(d.options);
  restore();
  loadSettings();
}).catch((e) => showError("options", e.message));
