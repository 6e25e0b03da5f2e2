import Foundation
import ShortcutsTestSupport
import Testing

/// `shortcuts.describe` over MCP: `shortcuts mcp` with a home whose settings name the real model
/// server, spoken to as a client does, one JSON-RPC message a line.
extension ModelServerSuites {
    @Suite struct DescribeToolTests {
        /// Sends the messages, then reads answers until the one with `id` arrives (or `timeout`).
        static func exchange(_ home: TemporaryHome, _ messages: [[String: Any]], waitingFor id: Int, timeout: TimeInterval) throws
            -> [String: Any]?
        {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcuts"))
            process.arguments = ["mcp", "--shortcuts-only"]
            process.environment = home.environment
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                try? input.fileHandleForWriting.close()
                process.waitUntilExit()
            }
            for message in messages {
                input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: message) + Data("\n".utf8))
            }
            let deadline = Date().addingTimeInterval(timeout)
            var pending = Data()
            while Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                pending += chunk
                while let newline = pending.firstIndex(of: 10) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[pending.index(after: newline)...])
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], (object["id"] as? Int) == id {
                        return object
                    }
                }
            }
            return nil
        }

        @Test func anAgentGetsACheckedShortcutAndCanSaveIt() async throws {
            let server = try await RealModelServer.shared()
            let home = try TemporaryHome(prefix: "describe-mcp")
            #expect(try home.run("shortcuts", ["settings", "--model", "test=\(server.base)"]).status == 0)
            let call: [String: Any] = [
                "jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": [
                    "name": "shortcuts.describe",
                    "arguments": ["description": "show the text hello", "save": true, "name": "Hello Agent", "attempts": 3],
                ],
            ]
            let answer = try Self.exchange(
                home,
                [
                    [
                        "jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]],
                    ],
                    ["jsonrpc": "2.0", "method": "notifications/initialized"], call,
                ], waitingFor: 2, timeout: 240)
            let result = try #require(answer?["result"] as? [String: Any], "no answer to tools/call: \(String(describing: answer))")
            let text = ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
            if result["isError"] as? Bool == false {
                let structured = try #require(result["structuredContent"] as? [String: Any])
                #expect(structured["name"] as? String == "Hello Agent")
                #expect((structured["saved"] as? String)?.hasSuffix("Hello Agent.shortcut") == true)
                #expect(try home.run("shortcuts", ["list"]).output.contains("Hello Agent"))
                // What was saved checks clean.
                let source = try home.write(Data(((structured["text"] as? String) ?? "").utf8), to: "agent.sct")
                #expect(try home.run("shortcuts", ["check", source]).status == 0)
            } else {
                // The small model may not get there in three answers: then nothing is saved and the errors are said.
                #expect(text.contains("still didn't compile after 3 attempts"), "\(text)")
                #expect(try home.run("shortcuts", ["list"]).output.contains("Hello Agent") == false)
            }
        }

        @Test func aCallWithoutADescriptionIsRefused() throws {
            let home = try TemporaryHome(prefix: "describe-mcp")
            let answer = try Self.exchange(
                home,
                [
                    [
                        "jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]],
                    ],
                    ["jsonrpc": "2.0", "method": "notifications/initialized"],
                    [
                        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
                        "params": ["name": "shortcuts.describe", "arguments": ["save": true]],
                    ],
                ], waitingFor: 2, timeout: 30)
            let result = try #require(answer?["result"] as? [String: Any])
            #expect(result["isError"] as? Bool == true)
            #expect((((result["content"] as? [[String: Any]])?.first?["text"]) as? String)?.contains("needs `description`") == true)
        }
    }
}
