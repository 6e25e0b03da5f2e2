import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC
import ShortcutsService
import Synchronization

/// The runs started from the app's pages: each runs in the service (so `shortcuts service
/// status` lists it) on a thread of its own, and tells its page what happens as server-sent
/// events: each action as it starts and ends, its questions, what it shows, and how it ended.
///
/// A page that connects late, or again, first gets where the run is (each action's last
/// state), then what follows, so nothing held grows past the shortcut's size.
final class AppRuns: Sendable {
    private let runs = Mutex<[String: AppRun]>([:])
    private let service: EventsService
    /// How long a finished run's output stays for its page to fetch.
    private static let keepFinished: Double = 600

    init(service: EventsService) { self.service = service }

    /// Starts a run of a library shortcut and gives its id at once.
    func start(shortcut: String, input: String?) -> String {
        let runID = UUID().uuidString
        let run = AppRun(runID: runID)
        runs.withLock { $0[runID] = run }
        let service = self.service
        let params = EventsProtocol.RunParams(shortcut: shortcut, input: input, runID: runID)
        let front = RunFront(
            prompter: PagePrompter(run: run), observer: run, show: { run.emit("shown", ["text": .string($0)]) },
            cancellation: run.cancellation, trigger: "app",
            partialAnswer: { action, piece in run.emitLive("answer", ["action": .string(action), "piece": .string(piece)]) },
            finished: { run.output = $0 })
        Thread.detachNewThread { [self] in
            // The page opens the run's events right after asking for it; waiting for it (a
            // little) lets it see the first action start too.
            run.waitForWatcher(upTo: 3)
            do throws(ServiceError) {
                _ = try service.run(params, client: AppServer.client, front: front)
                run.finish(status: "succeeded", error: nil)
            } catch {
                run.finish(status: error.code == .cancelled ? "cancelled" : "failed", error: error)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.keepFinished) {
                _ = self.runs.withLock { $0.removeValue(forKey: runID) }
            }
        }
        return runID
    }

    func run(_ runID: String) -> AppRun? { runs.withLock { $0[runID] } }

    /// Whether a page is watching a run.
    var isWatched: Bool { runs.withLock { $0.values.contains { $0.isWatched } } }

    /// Ends every page's event stream (the app is stopping).
    func closeAll() { for run in runs.withLock({ Array($0.values) }) { run.closeStreams() } }
}

/// One run from a page: its events, its pending question, its output.
final class AppRun: RunObserver, Sendable {
    let runID: String
    let cancellation = Cancellation()

    private struct State {
        var serial = 0
        /// Each action's last event, by index: what a page connecting now is told first.
        var actionStates: [Int: (serial: Int, text: String)] = [:]
        var others: [(serial: Int, name: String, text: String)] = []
        var streams: [EventStream] = []
        var question: Question?
        var isFinished = false
        var output: Content?
    }

    /// A question the run waits on.
    struct Question {
        var id: Int
        var answer: JSONValue?
    }

    private let state = Mutex(State())
    private let answered = NSCondition()

    init(runID: String) { self.runID = runID }

    var output: Content? {
        get { state.withLock { $0.output } }
        set { state.withLock { $0.output = newValue } }
    }

    var isWatched: Bool { state.withLock { !$0.streams.isEmpty } }

    // MARK: RunObserver

    func actionStarted(_ index: Int) {
        emitAction(index, ["index": .number(Double(index)), "state": "running"])
    }

    func actionFinished(_ index: Int, output: Content) {
        emitAction(index, ["index": .number(Double(index)), "state": "done", "output": .string(Self.preview(output))])
    }

    private func emitAction(_ index: Int, _ data: JSONObject) {
        let text = JSONValue.object(data).text
        let streams = state.withLock { state -> [EventStream] in
            state.serial += 1
            state.actionStates[index] = (state.serial, text)
            return state.streams
        }
        for stream in streams { stream.send("action", data: text) }
    }

    // MARK: Events

    func emit(_ name: String, _ data: JSONObject) {
        let text = JSONValue.object(data).text
        let streams = state.withLock { state -> [EventStream] in
            state.serial += 1
            state.others.append((state.serial, name, text))
            return state.streams
        }
        for stream in streams { stream.send(name, data: text) }
    }

    /// Sends an event to the pages watching now, keeping no backlog (a model's answer, piece by
    /// piece: a page that connects later sees the action's output when it ends).
    func emitLive(_ name: String, _ data: JSONObject) {
        let text = JSONValue.object(data).text
        for stream in state.withLock({ $0.streams }) { stream.send(name, data: text) }
    }

    /// Waits until a page watches the run, or `seconds` pass.
    func waitForWatcher(upTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        answered.lock()
        defer { answered.unlock() }
        while !isWatched, !cancellation.isCancelled, Date() < deadline {
            _ = answered.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
    }

    /// A page's stream: where the run is, then what follows.
    func subscribe() -> EventStream {
        let stream = EventStream(onClose: { [weak self] in self?.unsubscribe() })
        let (backlog, finished) = state.withLock { state -> ([(Int, String, String)], Bool) in
            let actions = state.actionStates.map { ($0.value.serial, "action", $0.value.text) }
            let others = state.others.map { ($0.serial, $0.name, $0.text) }
            state.streams.append(stream)
            return ((actions + others).sorted { $0.0 < $1.0 }, state.isFinished)
        }
        for (_, name, text) in backlog { stream.send(name, data: text) }
        if finished { stream.finish() }
        answered.lock()
        answered.broadcast()
        answered.unlock()
        return stream
    }

    private func unsubscribe() {
        state.withLock { state in state.streams.removeAll { $0.isClosed } }
    }

    func closeStreams() {
        for stream in state.withLock({ $0.streams }) { stream.finish() }
    }

    func finish(status: String, error: ServiceError?) {
        var data: JSONObject = ["status": .string(status)]
        if let output = state.withLock({ $0.output }) { data["output"] = Self.describe(output, runID: runID) }
        if let error {
            var failure: JSONObject = ["message": .string(error.message)]
            if let index = error.failure?.actionIndex { failure["actionIndex"] = .number(Double(index - 1)) }
            if let identifier = error.failure?.actionIdentifier { failure["actionIdentifier"] = .string(identifier) }
            if let parameter = error.failure?.parameter { failure["parameter"] = .string(parameter) }
            data["error"] = .object(failure)
        }
        emit("finished", data)
        let streams = state.withLock { state -> [EventStream] in
            state.isFinished = true
            return state.streams
        }
        for stream in streams { stream.finish() }
    }

    // MARK: Questions

    /// Asks the page and waits for its answer; a cancelled run stops waiting.
    func ask(_ kind: String, _ data: JSONObject) throws -> JSONValue {
        let id = state.withLock { state -> Int in
            state.serial += 1
            state.question = Question(id: state.serial)
            return state.serial
        }
        var event = data
        event["id"] = .number(Double(id))
        event["kind"] = .string(kind)
        emit("prompt", event)
        answered.lock()
        defer { answered.unlock() }
        while true {
            if let answer = state.withLock({ $0.question?.id == id ? $0.question?.answer : nil }) {
                state.withLock { $0.question = nil }
                emit("answered", ["id": .number(Double(id))])
                return answer
            }
            if cancellation.isCancelled {
                throw ActionFailure("the run was cancelled", code: .cancelled)
            }
            _ = answered.wait(until: Date().addingTimeInterval(0.1))
        }
    }

    /// Gives the answer to question `id`; false when the run isn't waiting on it.
    func answer(_ id: Int, _ value: JSONValue) -> Bool {
        let taken = state.withLock { state -> Bool in
            guard state.question?.id == id, state.question?.answer == nil else { return false }
            state.question?.answer = value
            return true
        }
        if taken {
            answered.lock()
            answered.broadcast()
            answered.unlock()
        }
        return taken
    }

    // MARK: Output

    /// The file items of the output, for `/api/runs/{id}/files/{n}`.
    func file(_ position: Int) -> FileContent? {
        guard let output = state.withLock({ $0.output }) else { return nil }
        let items = output.items
        guard items.indices.contains(position), case .file(let file) = items[position] else { return nil }
        return file
    }

    static func preview(_ content: Content) -> String {
        let text: String
        switch content {
        case .file(let file): text = file.name
        case .list(let items): text = items.count == 1 ? preview(items[0]) : "\(items.count) items"
        default: text = content.text
        }
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// The output as the page shows it: text, or each file with a link (an image inline).
    static func describe(_ output: Content, runID: String) -> JSONValue {
        .array(
            output.items.enumerated().map { position, item -> JSONValue in
                guard case .file(let file) = item else {
                    let text = item.text
                    return ["kind": "text", "text": .string(text.count > 100_000 ? String(text.prefix(100_000)) + "…" : text)]
                }
                let type = UniformType.mimeType(for: file.typeIdentifier ?? UniformType.identifier(forFileName: file.name))
                let isImage = type.hasPrefix("image/")
                return [
                    "kind": isImage ? "image" : "file",
                    "name": .string(file.name),
                    "url": .string("/api/runs/\(runID)/files/\(position)"),
                    "bytes": .number(Double(file.data.count)),
                ]
            })
    }
}

/// Questions of a run started from a page, asked in the page.
struct PagePrompter: Prompter {
    let run: AppRun

    func ask(_ prompt: String, defaultAnswer: String?, inputType: String) throws -> String {
        var data: JSONObject = ["prompt": .string(prompt), "inputType": .string(inputType)]
        if let defaultAnswer { data["defaultAnswer"] = .string(defaultAnswer) }
        let answer = try run.ask("ask", data)
        guard let text = answer.stringValue else { throw ActionFailure("the question \"\(prompt)\" was dismissed", code: .cancelled) }
        return text
    }

    func choose(_ prompt: String, options: [String], multiple: Bool) throws -> [Int] {
        let answer = try run.ask(
            "choose", ["prompt": .string(prompt), "options": .array(options.map(JSONValue.string)), "multiple": .bool(multiple)])
        guard let chosen = answer.arrayValue?.compactMap({ $0.numberValue.map(Int.init) }) else {
            throw ActionFailure("nothing was chosen for \"\(prompt)\"", code: .cancelled)
        }
        return chosen.filter { options.indices.contains($0) }
    }

    func confirm(title: String, message: String, allowsCancel: Bool) throws -> Bool {
        let answer = try run.ask("confirm", ["title": .string(title), "message": .string(message), "allowsCancel": .bool(allowsCancel)])
        return answer.boolValue ?? false
    }
}
