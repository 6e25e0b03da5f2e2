import Foundation
import ShortcutsEngine
import ShortcutsPlatform
import ShortcutsTestSupport
import Testing

/// The suites that ask the real model, one test at a time: the server answers one request at a
/// time, and a test waiting behind several others' answers would time out.
@Suite(.serialized) struct ModelServerSuites {}

/// A real language model on 127.0.0.1: llama-cpp-python's OpenAI-compatible server serving
/// SmolLM2-135M-Instruct (Scripts/test-model-env.sh installs both), started once per test
/// process, with room for `describe`'s prompt (8,192 tokens) and requests taking turns (by
/// default llama-cpp-python cuts a streaming answer short when another request arrives, and the
/// suites ask at once). It stops when the test process ends: its launcher exits when its standard input,
/// whose other end this process holds open, closes.
struct RealModelServer: Sendable {
    /// The API's base URL (`http://127.0.0.1:PORT/v1`).
    let base: String

    static func shared() async throws -> RealModelServer { try await started.value }

    private static let started = Task<RealModelServer, any Error> {
        try await offThePool { try start() }
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    static let launcher = """
        import os, runpy, socket, sys, threading
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        listener.close()
        print(port, flush=True)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        def watch_parent():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch_parent, daemon=True).start()
        sys.argv = ["llama_cpp.server", "--model", sys.argv[1], "--host", "127.0.0.1", "--port", str(port),
                    "--n_ctx", "8192", "--interrupt_requests", "False", "--verbose", "False"]
        runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
        """

    private static func start() throws -> RealModelServer {
        let environment = Process()
        environment.executableURL = URL(fileURLWithPath: "/bin/bash")
        environment.arguments = [BuiltProducts.packageRoot.path + "/Scripts/test-model-env.sh"]
        let paths = Pipe()
        environment.standardOutput = paths
        try environment.run()
        let printed = String(decoding: paths.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        environment.waitUntilExit()
        let lines = printed.split(whereSeparator: \.isNewline).map(String.init)
        guard environment.terminationStatus == 0, lines.count == 2 else {
            throw Unavailable(description: "Scripts/test-model-env.sh failed (is PyPI reachable?)")
        }

        // The launcher's standard input: this process keeps the write end open for good.
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Unavailable(description: "no pipe for the model server") }
        // No other child inherits the write end, so the server's end closes with this process.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: lines[0])
        server.arguments = ["-c", launcher, lines[1]]
        server.standardInput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        server.standardError = FileHandle.nullDevice
        let portLine = Pipe()
        server.standardOutput = portLine
        try server.run()
        close(ends[0])
        let line = String(decoding: portLine.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Unavailable(description: "the model server's launcher printed no port: \(line)")
        }
        let base = "http://127.0.0.1:\(port)/v1"
        // It answers once the model is loaded: a second or two.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if server.isRunning == false { throw Unavailable(description: "the model server stopped while starting") }
            if let url = URL(string: base + "/models"),
                (try? CurlTransport().send(HTTPRequest(url: url), timeout: 2, limit: 0, cancellation: nil))?.status == 200
            {
                return RealModelServer(base: base)
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw Unavailable(description: "the model server did not answer at \(base) within 120 s")
    }
}
