// The editor: a shortcut's actions as blocks, the action library beside them, a text view of
// the same shortcut, undo and redo, saving (refused when the file changed on disk), and runs.
import { get, post, put, encode, APIError } from "./api.js";
import { control, displayText, tokenLabel } from "./fields.js";
import { RunView } from "./run.js";

const hiddenKeys = new Set(["UUID", "GroupingIdentifier", "WFControlFlowMode"]);

function newUUID() {
  if (crypto.randomUUID) return crypto.randomUUID().toUpperCase();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toUpperCase();
}

const plain = (value) => (typeof value === "number" ? { t: "number", value } : { t: "string", value });

export class Editor {
  /** Shortcuts up to this long get every block's controls at once; longer ones as blocks near the screen. */
  static eagerBlocks = 60;

  constructor(app) {
    this.app = app;
    this.list = document.getElementById("actions");
    this.catalog = new Map();
    this.history = [];
    this.future = [];
    this.mode = "blocks";
    this.run = new RunView(this);
    this.bind();
  }

  bind() {
    const on = (id, handler) => document.getElementById(id).addEventListener("click", handler);
    on("editor-back", () => this.leave());
    on("save", () => this.save());
    on("undo", () => this.undo());
    on("redo", () => this.redo());
    on("run", () => this.runShortcut());
    on("stop", () => this.run.stop());
    on("view-blocks", () => this.showBlocks());
    on("view-text", () => this.showText());
    on("check-text", () => this.checkText());
    document.getElementById("action-search").addEventListener("input", () => this.renderLibrary());
    document.addEventListener("keydown", (event) => {
      if (document.getElementById("view-editor").hidden || !(event.ctrlKey || event.metaKey)) return;
      if (event.target.closest && event.target.closest(".token-field, textarea, input")) return;
      if (event.key.toLowerCase() === "z") { event.preventDefault(); event.shiftKey ? this.redo() : this.undo(); }
      if (event.key.toLowerCase() === "s") { event.preventDefault(); this.save(); }
    });
    this.list.addEventListener("dragover", (event) => this.dragOver(event));
    this.list.addEventListener("drop", (event) => this.drop(event));
    this.list.addEventListener("dragleave", () => this.clearDropMark());
  }

  async loadCatalog() {
    if (this.catalog.size) return;
    const entries = await get("/api/actions");
    for (const entry of entries) this.catalog.set(entry.identifier, entry);
    this.renderLibrary();
  }

  // MARK: Opening and leaving

  /** Opens a shortcut; `started` is when the person asked (the tile's click), for the figures. */
  async open(id, started = performance.now()) {
    await this.loadCatalog();
    const document_ = await get(`/api/shortcuts/${encode(id)}`);
    const fetched = performance.now();
    this.doc = document_;
    this.history = [];
    this.future = [];
    this.setDirty(false);
    document.getElementById("editor-name").textContent = document_.name;
    document.getElementById("conflict").hidden = true;
    this.run.reset();
    this.app.show("editor");
    if (this.mode === "text") await this.showText(); else this.render();
    // How long opening took, fetching and showing, for the browser tests' figures.
    const view = document.getElementById("view-editor");
    view.dataset.fetchMs = String(Math.round(fetched - started));
    view.dataset.openedMs = String(Math.round(performance.now() - started));
    // Shown: after the next frame is painted with every block in it.
    delete view.dataset.shownMs;
    requestAnimationFrame(() => setTimeout(() => { view.dataset.shownMs = String(Math.round(performance.now() - started)); }, 0));
  }

  leave() {
    if (this.dirty && !confirm("Leave without saving your changes?")) return;
    this.app.showLibrary();
  }

  setDirty(dirty) {
    this.dirty = dirty;
    document.getElementById("editor-state").textContent = dirty ? "Edited" : "Saved";
    document.getElementById("undo").disabled = this.history.length === 0;
    document.getElementById("redo").disabled = this.future.length === 0;
  }

  // MARK: Changes, undo and redo

  /** Runs `body` as one undoable change of the actions. */
  change(body) {
    this.history.push(JSON.stringify(this.doc.actions));
    if (this.history.length > 100) this.history.shift();
    this.future = [];
    body(this.doc.actions);
    this.recomputeDepths();
    this.run.clearMarks();
    this.setDirty(true);
    this.render();
  }

  undo() { this.step(this.history, this.future); }

  redo() { this.step(this.future, this.history); }

  /** Takes the actions from the top of one stack, keeping the current ones on the other. */
  step(from, to) {
    if (!from.length) return;
    to.push(JSON.stringify(this.doc.actions));
    this.doc.actions = JSON.parse(from.pop());
    this.setDirty(true);
    this.render();
  }

  /** Depths from the block modes, as the service's block matcher gives them. */
  recomputeDepths() {
    let depth = 0;
    for (const action of this.doc.actions) {
      const mode = action.block ? action.block.mode : null;
      if (mode === 1 || mode === 2) depth = Math.max(0, depth - 1);
      action.depth = depth;
      if (mode === 0 || mode === 1) depth += 1;
    }
  }

  parameter(action, key) {
    const found = action.parameters.find((p) => p.key === key);
    return found ? found.value : undefined;
  }

  setParameter(index, key, value) {
    this.change((actions) => {
      const action = actions[index];
      const at = action.parameters.findIndex((p) => p.key === key);
      if (value === null) { if (at >= 0) action.parameters.splice(at, 1); return; }
      if (at >= 0) action.parameters[at].value = value; else action.parameters.push({ key, value });
      if (key === "WFMenuItemTitle" && action.block) this.syncMenuItems(actions, action);
    });
  }

  /** A menu's start lists its items' titles (WFMenuItems): renaming an item renames it there too. */
  syncMenuItems(actions, item) {
    const group = this.parameter(item, "GroupingIdentifier");
    if (!group) return;
    const same = (action) => action.identifier === item.identifier && action.block &&
      (this.parameter(action, "GroupingIdentifier") || {}).value === group.value;
    const start = actions.find((action) => same(action) && action.block.mode === 0);
    if (!start) return;
    const titles = actions.filter((action) => same(action) && action.block.mode === 1).map((action) => {
      const title = this.parameter(action, "WFMenuItemTitle");
      if (!title) return "";
      if (title.t === "string") return title.value;
      return (title.parts || []).map((part) => (typeof part === "string" ? part : "")).join("");
    });
    const at = start.parameters.findIndex((p) => p.key === "WFMenuItems");
    const value = { t: "strings", items: titles };
    if (at >= 0) start.parameters[at].value = value; else start.parameters.push({ key: "WFMenuItems", value });
  }

  /** The actions a block at `index` spans: a start with its middles and end, or the action alone. */
  range(index) {
    const actions = this.doc.actions;
    const action = actions[index];
    if (!action.block || action.block.mode !== 0) return [index, index];
    const group = this.parameter(action, "GroupingIdentifier");
    let depth = 0;
    for (let j = index + 1; j < actions.length; j++) {
      const other = actions[j];
      if (!other.block || other.block.kind !== action.block.kind) continue;
      const same = group && this.parameter(other, "GroupingIdentifier") && this.parameter(other, "GroupingIdentifier").value === group.value;
      if (other.block.mode === 0) depth += 1;
      if (other.block.mode === 2) {
        if (depth === 0 && (same || !group)) return [index, j];
        depth -= 1;
      }
    }
    return [index, index];
  }

  move(from, to) {
    const [start, end] = this.range(from);
    if (to > start && to <= end + 1) return;
    this.change((actions) => {
      const moved = actions.splice(start, end - start + 1);
      const at = to > end ? to - moved.length : to;
      actions.splice(at, 0, ...moved);
    });
  }

  remove(index) {
    const action = this.doc.actions[index];
    this.change((actions) => {
      if (action.block) {
        const group = this.parameter(action, "GroupingIdentifier");
        const [start, end] = this.range(index);
        for (let j = end; j >= start; j--) {
          const other = actions[j];
          const same = other.block && other.block.kind === action.block.kind && group &&
            this.parameter(other, "GroupingIdentifier") && this.parameter(other, "GroupingIdentifier").value === group.value;
          if (j === index || same) actions.splice(j, 1);
        }
      } else {
        actions.splice(index, 1);
      }
    });
  }

  /** The actions a library entry adds: one action, or a whole block. */
  made(entry) {
    // A block's titles (start, middle, end) come from the catalog, as Shortcuts words them.
    const kind = entry.block ? entry.titles : null;
    if (!kind) {
      return [{ identifier: entry.identifier, title: entry.title, depth: 0, uuid: newUUID(), outputName: entry.outputName,
        parameters: [{ key: "UUID", value: plain(newUUID()) }] }];
    }
    const group = newUUID();
    const part = (mode, title, extra = []) => ({
      identifier: entry.identifier, title, depth: 0, block: { kind: entry.identifier, mode },
      parameters: [{ key: "GroupingIdentifier", value: plain(group) }, { key: "WFControlFlowMode", value: plain(mode) }, ...extra],
    });
    const end = part(2, kind[2]);
    end.uuid = newUUID();
    end.outputName = entry.outputName;
    end.parameters.push({ key: "UUID", value: plain(end.uuid) });
    if (entry.identifier === "is.workflow.actions.conditional") {
      return [part(0, kind[0], [{ key: "WFCondition", value: plain(4) }]), part(1, kind[1]), end];
    }
    if (entry.identifier === "is.workflow.actions.choosefrommenu") {
      return [
        part(0, kind[0], [{ key: "WFMenuItems", value: { t: "strings", items: ["One", "Two"] } }]),
        part(1, "One", [{ key: "WFMenuItemTitle", value: plain("One") }]),
        part(1, "Two", [{ key: "WFMenuItemTitle", value: plain("Two") }]),
        end,
      ];
    }
    if (entry.identifier === "is.workflow.actions.repeat.count") {
      return [part(0, kind[0], [{ key: "WFRepeatCount", value: plain(1) }]), end];
    }
    return [part(0, kind[0]), end];
  }

  add(identifier, at) {
    const entry = this.catalog.get(identifier);
    if (!entry) return;
    const position = at === undefined ? this.doc.actions.length : at;
    this.change((actions) => actions.splice(position, 0, ...this.made(entry)));
    const added = this.list.children[position];
    if (added) { added.scrollIntoView({ block: "nearest" }); const first = added.querySelector("[contenteditable=true], input, select"); if (first) first.focus(); }
  }

  // MARK: Drag and drop

  dragOver(event) {
    const types = event.dataTransfer.types;
    if (!types.includes("application/x-shortcuts-move") && !types.includes("application/x-shortcuts-add")) return;
    event.preventDefault();
    this.clearDropMark();
    const target = event.target.closest(".action");
    if (target) target.classList.add("drop-before");
  }

  clearDropMark() {
    for (const marked of this.list.querySelectorAll(".drop-before")) marked.classList.remove("drop-before");
  }

  drop(event) {
    event.preventDefault();
    this.clearDropMark();
    const target = event.target.closest(".action");
    let to = target ? Number(target.dataset.index) : this.doc.actions.length;
    if (target) {
      const box = target.getBoundingClientRect();
      if (event.clientY > box.top + box.height / 2) to += 1;
    }
    const moving = event.dataTransfer.getData("application/x-shortcuts-move");
    const adding = event.dataTransfer.getData("application/x-shortcuts-add");
    if (moving !== "") this.move(Number(moving), to);
    else if (adding) this.add(adding, to);
  }

  // MARK: Rendering the blocks

  context() {
    const outputs = new Map();
    const variableNames = new Set();
    this.doc.actions.forEach((action, index) => {
      if (action.uuid && !outputs.has(action.uuid)) outputs.set(action.uuid, { index, name: action.outputName || action.title });
      if (action.identifier === "is.workflow.actions.setvariable" || action.identifier === "is.workflow.actions.appendvariable") {
        const name = this.parameter(action, "WFVariableName");
        if (name && name.t === "string" && name.value) variableNames.add(name.value);
      }
    });
    return { outputs, variableNames: [...variableNames] };
  }

  /**
   * Shows every action as a block. A long shortcut's blocks start as their sentence in words
   * (cheap), and get their controls when they come near the screen or take the focus, so a
   * thousand actions open at once and scroll smoothly.
   */
  render() {
    const context = this.context();
    this.renderContext = context;
    if (this.observer) this.observer.disconnect();
    const lazy = this.doc.actions.length > Editor.eagerBlocks;
    if (lazy) {
      this.observer = new IntersectionObserver((entries) => {
        for (const entry of entries) if (entry.isIntersecting) this.hydrate(entry.target);
      }, { rootMargin: "800px 0px" });
    }
    const fragment = document.createDocumentFragment();
    this.doc.actions.forEach((action, index) => {
      const item = lazy && index >= Editor.eagerBlocks ? this.sketch(action, index, context) : this.block(action, index, context);
      fragment.append(item);
    });
    this.list.replaceChildren(fragment);
    if (lazy) for (const item of this.list.querySelectorAll(".action.sketch")) this.observer.observe(item);
    document.getElementById("actions-empty").hidden = this.doc.actions.length > 0;
    this.run.applyMarks();
  }

  /** Gives a sketched block its controls. */
  hydrate(item) {
    if (!item.classList.contains("sketch") || !item.isConnected) return;
    const index = Number(item.dataset.index);
    const full = this.block(this.doc.actions[index], index, this.renderContext);
    const hadFocus = item === document.activeElement;
    this.observer.unobserve(item);
    item.replaceWith(full);
    this.run.applyMark(index);
    if (hadFocus) {
      const first = full.querySelector("[contenteditable=true], input, select, button");
      if (first) first.focus();
    }
  }

  /** A block as words only: its sentence with each parameter's value as text. */
  sketch(action, index, context) {
    const item = this.shell(action, index);
    item.classList.add("sketch");
    item.tabIndex = 0;
    item.addEventListener("focus", () => this.hydrate(item), { once: true });
    const head = document.createElement("div");
    head.className = "action-head";
    const sentence = document.createElement("span");
    sentence.className = "sentence";
    const entry = this.entryOf(action);
    const summary = this.summaryOf(action, entry);
    if (summary) {
      const parameters = this.parametersOf(action, entry);
      for (const piece of summary.split(/(\$\{[^}]+\})/)) {
        const match = /^\$\{([^}]+)\}$/.exec(piece);
        if (!match) { if (piece.trim()) sentence.append(this.words(piece.trim())); continue; }
        const parameter = parameters.find((p) => p.key === match[1]);
        if (!parameter) continue;
        const value = document.createElement("span");
        value.className = "value";
        value.textContent = displayText(parameter, this.parameter(action, parameter.key), context);
        sentence.append(value);
      }
      if (this.titled(action, summary)) sentence.prepend(this.words(action.title, true));
    } else {
      sentence.append(this.words(action.title, true));
    }
    head.append(sentence);
    item.append(head);
    return item;
  }

  entryOf(action) {
    return this.catalog.get(action.identifier) || (action.block ? this.catalog.get(action.block.kind) : undefined);
  }

  summaryOf(action, entry) {
    if (action.block && action.block.mode === 1 && action.identifier === "is.workflow.actions.choosefrommenu") return "${WFMenuItemTitle}";
    if (action.block) return action.block.mode === 0 ? entry && entry.summary : null;
    return entry && entry.summary;
  }

  /** Whether a block's sentence starts with its title: not when it is all parameters, nor for a menu's items. */
  titled(action, summary) {
    if (action.block && action.block.mode === 1) return false;
    return !summary.replace(/\$\{[^}]+\}/g, "").trim();
  }

  /** The block's element with its place, kind and label, and nothing in it yet. */
  shell(action, index) {
    const item = document.createElement("li");
    item.className = "action";
    if (action.block) item.classList.add(["block-start", "block-middle", "block-end"][action.block.mode]);
    if (!this.entryOf(action)) item.classList.add("unknown");
    item.dataset.index = String(index);
    item.dataset.identifier = action.identifier;
    item.style.marginLeft = `${action.depth * 24}px`;
    item.setAttribute("aria-label", `Action ${index + 1}: ${action.title}`);
    return item;
  }

  block(action, index, context) {
    const item = this.shell(action, index);
    const entry = this.entryOf(action);

    const head = document.createElement("div");
    head.className = "action-head";
    const movable = !action.block || action.block.mode === 0;
    if (movable) {
      const handle = document.createElement("span");
      handle.className = "handle";
      handle.textContent = "⠿";
      handle.draggable = true;
      handle.setAttribute("aria-hidden", "true");
      handle.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("application/x-shortcuts-move", String(index));
        event.dataTransfer.effectAllowed = "move";
        item.classList.add("dragging");
      });
      handle.addEventListener("dragend", () => item.classList.remove("dragging"));
      head.append(handle);
    }

    const sentence = document.createElement("span");
    sentence.className = "sentence";
    const parameters = this.parametersOf(action, entry);
    const shown = new Set();
    const summary = this.summaryOf(action, entry);
    if (summary) {
      for (const piece of summary.split(/(\$\{[^}]+\})/)) {
        const match = /^\$\{([^}]+)\}$/.exec(piece);
        if (!match) { if (piece.trim()) sentence.append(this.words(piece.trim())); continue; }
        const parameter = parameters.find((p) => p.key === match[1]);
        if (!parameter) continue;
        shown.add(parameter.key);
        sentence.append(this.controlFor(action, index, parameter, context));
      }
      if (!sentence.childNodes.length || this.titled(action, summary)) sentence.prepend(this.words(action.title, true));
    } else {
      sentence.append(this.words(action.title, true));
    }
    head.append(sentence);

    const buttons = document.createElement("span");
    buttons.className = "action-buttons";
    if (movable) {
      buttons.append(this.button("↑", `Move action ${index + 1} up`, () => { const [start] = this.range(index); if (start > 0) this.move(index, this.blockStartBefore(start)); }));
      buttons.append(this.button("↓", `Move action ${index + 1} down`, () => { const [, end] = this.range(index); if (end + 1 < this.doc.actions.length) this.move(index, this.range(end + 1)[1] + 1); }));
    }
    if (!action.block || action.block.mode === 0) buttons.append(this.button("✕", `Delete action ${index + 1}`, () => this.remove(index)));
    head.append(buttons);
    item.append(head);

    const rest = parameters.filter((p) => !shown.has(p.key));
    if (rest.length) {
      const rows = document.createElement("div");
      for (const parameter of rest) {
        const row = document.createElement("div");
        row.className = "param-row";
        const label = document.createElement("span");
        label.className = "param-label";
        label.textContent = parameter.title;
        row.append(label, this.controlFor(action, index, parameter, context));
        rows.append(row);
      }
      if (summary) {
        const details = document.createElement("details");
        details.className = "more";
        const toggle = document.createElement("summary");
        toggle.textContent = "Show More";
        details.append(toggle, rows);
        item.append(details);
      } else {
        item.append(rows);
      }
    }
    return item;
  }

  /** Where a block starting at `start` goes when moved up: before the action or whole block above it. */
  blockStartBefore(start) {
    const above = this.doc.actions[start - 1];
    if (!above.block || above.block.mode !== 2) return start - 1;
    for (let j = start - 2; j >= 0; j--) {
      const [s, e] = this.range(j);
      if (e === start - 1) return s;
    }
    return start - 1;
  }

  words(text, isTitle = false) {
    const span = document.createElement("span");
    span.className = isTitle ? "action-title" : "words";
    span.textContent = text;
    return span;
  }

  button(text, label, handler) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.setAttribute("aria-label", label);
    button.title = label;
    button.addEventListener("click", handler);
    return button;
  }

  /** The parameters an action shows: its description's, then any others the file has. */
  parametersOf(action, entry) {
    const described = entry ? entry.parameters.map((p) => ({ ...p })) : [];
    if (action.block && action.block.mode !== 0) {
      return action.identifier === "is.workflow.actions.choosefrommenu" && action.block.mode === 1
        ? [{ key: "WFMenuItemTitle", title: "Title", type: "text" }] : [];
    }
    const known = new Set(described.map((p) => p.key));
    for (const { key, value } of action.parameters) {
      if (hiddenKeys.has(key) || known.has(key)) continue;
      if (key === "WFMenuItemAttributedTitle") continue;
      described.push({ key, title: key, type: { text: "text", string: "text", number: "number", bool: "boolean", var: "content" }[value.t] || "other" });
      known.add(key);
    }
    return described;
  }

  controlFor(action, index, parameter, context) {
    return control(parameter, this.parameter(action, parameter.key), index, context, (value) => this.setParameter(index, parameter.key, value));
  }

  // MARK: The action library

  renderLibrary() {
    const query = document.getElementById("action-search").value.trim().toLowerCase();
    const groups = new Map();
    for (const entry of this.catalog.values()) {
      if (!entry.available) continue;
      const haystack = `${entry.title} ${entry.description} ${(entry.keywords || []).join(" ")}`.toLowerCase();
      if (query && !haystack.includes(query)) continue;
      const group = entry.category || "Scripting";
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(entry);
    }
    const order = ["Apple Intelligence", "Scripting", "Documents", "Media", "Location", "Calendar", "Sharing", "Web", "Apps"];
    const names = [...groups.keys()].sort((a, b) => (order.indexOf(a) + 99) % 99 - (order.indexOf(b) + 99) % 99 || a.localeCompare(b));
    const container = document.getElementById("action-groups");
    const fragment = document.createDocumentFragment();
    for (const name of names) {
      const heading = document.createElement("h3");
      heading.textContent = name;
      const list = document.createElement("ul");
      list.setAttribute("aria-label", name);
      for (const entry of groups.get(name).sort((a, b) => a.title.localeCompare(b.title))) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "library-action";
        button.draggable = true;
        button.dataset.identifier = entry.identifier;
        button.setAttribute("aria-label", `Add ${entry.title}`);
        const title = document.createElement("span");
        title.textContent = entry.title;
        button.append(title);
        if (entry.description) {
          const description = document.createElement("span");
          description.className = "description";
          description.textContent = entry.description;
          button.append(description);
        }
        button.addEventListener("click", () => this.add(entry.identifier));
        button.addEventListener("dragstart", (event) => {
          event.dataTransfer.setData("application/x-shortcuts-add", entry.identifier);
          event.dataTransfer.effectAllowed = "copy";
        });
        item.append(button);
        list.append(item);
      }
      fragment.append(heading, list);
    }
    container.replaceChildren(fragment);
  }

  // MARK: The text view

  async showText() {
    try {
      const { text } = await post("/api/text", { actions: this.doc.actions });
      this.textShown = text;
      document.getElementById("text-source").value = text;
    } catch (error) {
      this.app.say(error.message, true);
      return;
    }
    this.mode = "text";
    document.getElementById("diagnostics").replaceChildren();
    this.setViewButtons();
  }

  /** Back to the blocks, taking the text's changes (refused while it has errors). */
  async showBlocks() {
    if (this.mode === "text" && !(await this.takeText())) return;
    this.mode = "blocks";
    this.setViewButtons();
    this.render();
  }

  setViewButtons() {
    const text = this.mode === "text";
    document.getElementById("view-text").setAttribute("aria-pressed", String(text));
    document.getElementById("view-blocks").setAttribute("aria-pressed", String(!text));
    document.getElementById("text-view").hidden = !text;
    this.list.hidden = text;
    document.getElementById("actions-empty").hidden = text || this.doc.actions.length > 0;
  }

  async checkText() {
    await this.compileText();
  }

  async compileText() {
    const text = document.getElementById("text-source").value;
    const list = document.getElementById("diagnostics");
    try {
      const result = await post("/api/document", { text });
      this.showDiagnostics(result.diagnostics);
      return result;
    } catch (error) {
      if (error instanceof APIError && error.body && error.body.diagnostics) { this.showDiagnostics(error.body.diagnostics); return null; }
      list.replaceChildren(Object.assign(document.createElement("li"), { textContent: error.message }));
      return null;
    }
  }

  showDiagnostics(diagnostics) {
    const list = document.getElementById("diagnostics");
    list.replaceChildren(...diagnostics.map((d) => {
      const item = document.createElement("li");
      item.className = d.severity;
      item.textContent = `line ${d.line}, column ${d.column}: ${d.severity}: ${d.message}`;
      return item;
    }));
  }

  /** Takes the text view's changes into the actions; false while the text has errors. */
  async takeText() {
    const text = document.getElementById("text-source").value;
    if (text === this.textShown) return true;
    const result = await this.compileText();
    if (!result) return false;
    this.change((actions) => actions.splice(0, actions.length, ...result.actions));
    this.textShown = text;
    return true;
  }

  // MARK: Saving

  async save() {
    if (this.mode === "text" && !(await this.takeText())) return false;
    try {
      const { revision } = await put(`/api/shortcuts/${encode(this.doc.id)}`, { revision: this.doc.revision, actions: this.doc.actions });
      this.doc.revision = revision;
      this.setDirty(false);
      document.getElementById("conflict").hidden = true;
      return true;
    } catch (error) {
      if (error instanceof APIError && error.status === 409 && error.body && error.body.disk) {
        await this.showConflict(error.body);
        return false;
      }
      this.app.say(`Couldn't save: ${error.message}`, true);
      return false;
    }
  }

  /** The file changed on disk: show both, and let the person keep theirs or take the disk's. */
  async showConflict(answer) {
    const box = document.getElementById("conflict");
    const [mine, theirs] = await Promise.all([
      post("/api/text", { actions: this.doc.actions }).then((r) => r.text).catch(() => ""),
      post("/api/text", { actions: answer.disk.actions }).then((r) => r.text).catch(() => ""),
    ]);
    const heading = document.createElement("p");
    heading.textContent = `${this.doc.name} changed on disk since you opened it, so it was not saved. Nothing is lost: here are both.`;
    const pair = document.createElement("div");
    for (const [title, text] of [["Yours", mine], ["On disk", theirs]]) {
      const section = document.createElement("section");
      const h = document.createElement("h4");
      h.textContent = title;
      const pre = document.createElement("pre");
      pre.textContent = text;
      section.append(h, pre);
      pair.append(section);
    }
    const keep = this.button("Keep yours", "Save your version over the one on disk", async () => {
      this.doc.revision = answer.disk.revision;
      await this.save();
    });
    const take = this.button("Use the one on disk", "Discard your changes and open the version on disk", () => {
      this.doc = answer.disk;
      this.history = [];
      this.future = [];
      this.setDirty(false);
      box.hidden = true;
      this.render();
    });
    box.replaceChildren(heading, pair, keep, take);
    box.hidden = false;
  }

  // MARK: Running

  async runShortcut() {
    if (this.dirty && !(await this.save())) return;
    await this.run.start(this.doc.id);
  }

  itemAt(index) {
    return this.list.children[index];
  }

  labelOf(token) {
    return tokenLabel(token, this.context());
  }
}
