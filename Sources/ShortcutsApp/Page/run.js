// A run in the page: each action marked as it starts and ends (server-sent events), questions
// asked in a dialog while the run waits, the output at the end, Stop to cancel.
import { post, events, encode } from "./api.js";

export class RunView {
  constructor(editor) {
    this.editor = editor;
    this.marks = new Map();
    this.panel = document.getElementById("run-panel");
    this.status = document.getElementById("run-status");
    this.output = document.getElementById("run-output");
    this.dialog = document.getElementById("prompt-dialog");
  }

  reset() {
    this.close();
    this.marks.clear();
    this.panel.hidden = true;
    delete this.panel.dataset.status;
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
    this.runID = null;
    document.getElementById("run").hidden = false;
    document.getElementById("stop").hidden = true;
    if (this.dialog.open) this.dialog.close();
  }

  async start(shortcut) {
    this.close();
    this.marks.clear();
    this.applyMarks();
    this.panel.hidden = false;
    delete this.panel.dataset.status;
    this.output.replaceChildren();
    this.answer = document.getElementById("run-answer");
    this.answer.textContent = "";
    this.answer.hidden = true;
    this.answer.dataset.pieces = "0";
    this.setStatus("Running…");
    let runID;
    try {
      ({ runID } = await post("/api/runs", { shortcut }));
    } catch (error) {
      this.setStatus(`Couldn't start the run: ${error.message}`);
      return;
    }
    this.runID = runID;
    document.getElementById("run").hidden = true;
    document.getElementById("stop").hidden = false;
    this.source = events(`/api/runs/${encode(runID)}/events`, {
      action: (data) => this.mark(data.index, data.state, data.output),
      prompt: (data) => this.ask(data),
      answered: () => { if (this.dialog.open) this.dialog.close(); },
      shown: (data) => this.show(data.text),
      answer: (data) => this.showAnswerPiece(data),
      finished: (data) => this.finish(data),
    });
    this.source.onerror = () => {
      if (this.source && this.source.readyState === EventSource.CLOSED) this.close();
    };
  }

  async stop() {
    if (!this.runID) return;
    this.setStatus("Stopping…");
    try { await post(`/api/runs/${encode(this.runID)}/cancel`); } catch (error) { this.setStatus(error.message); }
  }

  setStatus(text) { this.status.textContent = text; }

  /** A model's answer as it streams in (Use Model, the Writing Tools), under the action's title. */
  showAnswerPiece(data) {
    if (this.answer.dataset.action !== data.action || this.answer.hidden) {
      this.answer.dataset.action = data.action;
      this.answer.textContent = `${data.action}: `;
      this.answer.hidden = false;
    }
    this.answer.textContent += data.piece;
    this.answer.dataset.pieces = String(Number(this.answer.dataset.pieces || 0) + 1);
  }

  mark(index, state, output) {
    // An action that runs again (in a loop) starts over.
    for (const [other, mark] of this.marks) if (mark.state === "running" && other !== index) this.marks.set(other, { ...mark, state: "done" });
    this.marks.set(index, { state, output });
    this.applyMark(index);
  }

  applyMark(index) {
    const item = this.editor.itemAt(index);
    if (!item) return;
    const mark = this.marks.get(index);
    item.classList.remove("running", "done", "failed");
    if (mark) item.classList.add(mark.state === "running" ? "running" : mark.state === "failed" ? "failed" : "done");
    item.dataset.state = mark ? mark.state : "";
    let note = item.querySelector(":scope > .action-error, :scope > .action-output");
    if (note) note.remove();
    if (mark && mark.error) {
      note = document.createElement("p");
      note.className = "action-error";
      note.setAttribute("role", "alert");
      note.textContent = mark.error;
      item.append(note);
    } else if (mark && mark.output) {
      note = document.createElement("p");
      note.className = "action-output";
      note.textContent = mark.output;
      item.append(note);
    }
    for (const other of this.editor.list.querySelectorAll(".action.running")) {
      if (other !== item && this.marks.get(Number(other.dataset.index))?.state !== "running") other.classList.remove("running");
    }
  }

  applyMarks() {
    for (const index of this.marks.keys()) this.applyMark(index);
  }

  clearMarks() {
    this.marks.clear();
  }

  show(text) {
    const pre = document.createElement("pre");
    pre.textContent = text;
    pre.className = "shown";
    this.output.append(pre);
  }

  finish(data) {
    for (const [index, mark] of this.marks) if (mark.state === "running") this.marks.set(index, { ...mark, state: "done" });
    if (data.error && data.error.actionIndex !== undefined) {
      this.marks.set(data.error.actionIndex, { state: "failed", error: data.error.message });
    }
    this.applyMarks();
    const labels = { succeeded: "Finished", failed: "Failed", cancelled: "Stopped" };
    this.setStatus(data.error ? `${labels[data.status]}: ${data.error.message}` : labels[data.status]);
    this.panel.dataset.status = data.status;
    for (const item of data.output || []) {
      if (item.kind === "text") {
        const pre = document.createElement("pre");
        pre.className = "output-text";
        pre.textContent = item.text;
        this.output.append(pre);
      } else if (item.kind === "image") {
        const image = document.createElement("img");
        image.src = item.url;
        image.alt = item.name;
        this.output.append(image);
      } else {
        const link = document.createElement("a");
        link.href = item.url;
        link.download = item.name;
        link.textContent = `Download ${item.name} (${item.bytes} bytes)`;
        this.output.append(link);
      }
    }
    this.close();
  }

  // MARK: Questions

  ask(data) {
    const title = document.getElementById("prompt-title");
    const message = document.getElementById("prompt-message");
    const body = document.getElementById("prompt-body");
    const buttons = document.getElementById("prompt-buttons");
    body.replaceChildren();
    buttons.replaceChildren();
    message.textContent = "";
    const answer = async (value) => {
      try {
        await post(`/api/runs/${encode(this.runID)}/answer`, { id: data.id, value });
      } catch (error) {
        this.setStatus(error.message);
      }
      if (this.dialog.open) this.dialog.close();
    };
    const button = (text, handler, primary = false) => {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = text;
      if (primary) element.className = "primary";
      element.addEventListener("click", handler);
      buttons.append(element);
      return element;
    };
    if (data.kind === "ask") {
      title.textContent = data.prompt || "Input";
      const input = document.createElement(data.inputType === "Text" ? "textarea" : "input");
      input.id = "prompt-answer";
      if (data.inputType === "Number") input.type = "number";
      input.value = data.defaultAnswer || "";
      input.setAttribute("aria-label", data.prompt || "Answer");
      body.append(input);
      button("Cancel", () => answer(null));
      button("Done", () => answer(input.value), true);
      input.addEventListener("keydown", (event) => { if (event.key === "Enter" && input.nodeName === "INPUT") { event.preventDefault(); answer(input.value); } });
      this.dialog.showModal();
      input.focus();
    } else if (data.kind === "choose") {
      title.textContent = data.prompt || "Choose";
      const list = document.createElement("ul");
      list.className = "choice-list";
      const chosen = new Set();
      data.options.forEach((option, index) => {
        const item = document.createElement("li");
        if (data.multiple) {
          const label = document.createElement("label");
          const box = document.createElement("input");
          box.type = "checkbox";
          box.addEventListener("change", () => (box.checked ? chosen.add(index) : chosen.delete(index)));
          label.append(box, document.createTextNode(" " + option));
          item.append(label);
        } else {
          const choice = document.createElement("button");
          choice.type = "button";
          choice.textContent = option;
          choice.addEventListener("click", () => answer([index]));
          item.append(choice);
        }
        list.append(item);
      });
      body.append(list);
      button("Cancel", () => answer(null));
      if (data.multiple) button("Done", () => answer([...chosen]), true);
      this.dialog.showModal();
      const first = body.querySelector("button, input");
      if (first) first.focus();
    } else {
      title.textContent = data.title || "Alert";
      message.textContent = data.message || "";
      if (data.allowsCancel) button("Cancel", () => answer(false));
      button("OK", () => answer(true), true).focus();
      this.dialog.showModal();
    }
    this.dialog.oncancel = (event) => { event.preventDefault(); answer(data.kind === "confirm" ? false : null); };
  }
}
