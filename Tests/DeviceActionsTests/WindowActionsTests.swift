import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsTestSupport
import Testing

@testable import DeviceActions

/// The window actions on a real X server (Xvfb) with a real window manager (Openbox) and real
/// client windows (xmessage), their results read back with wmctrl, another EWMH client.
@Suite(.serialized) struct WindowActionsTests {
    typealias T = SystemTest

    /// Xvfb, Openbox and two xmessage windows, stopped when it goes.
    final class Desktop {
        var display = ""
        var processes: [Process] = []
        let home: TemporaryDirectory

        init() throws {
            home = try TemporaryDirectory()
            // Xvfb picks a free display itself and says which once it takes connections
            // (-displayfd), so the tests never reach another X server.
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            server.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
            let output = Pipe()
            server.standardOutput = output
            server.standardError = FileHandle.nullDevice
            try server.run()
            processes.append(server)
            var said = Data()
            while !said.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                said += chunk
            }
            guard let number = Int(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ActionFailure("Xvfb didn't say which display it took")
            }
            display = ":\(number)"
            try start("/usr/bin/openbox", ["--sm-disable"])
            try wait("the window manager") { (try? self.wmctrl(["-m"]))?.contains("Openbox") == true }
            try start("/usr/bin/xmessage", ["-title", "First Window", "-geometry", "300x120+20+30", "one"])
            try start("/usr/bin/xmessage", ["-title", "Second Window", "-geometry", "240x100+400+200", "two"])
            try wait("the windows") { (try? self.wmctrl(["-l"]))?.contains("Second Window") == true }
        }

        deinit {
            // SIGKILL: the test runner's threads block SIGTERM, and its children inherit that.
            // Xvfb's lock and socket are then removed here, as it would have.
            for process in processes.reversed() where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let number = display.dropFirst()
            if !number.isEmpty {
                try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
                try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
            }
        }

        var environment: [String: String] {
            var variables = ProcessInfo.processInfo.environment
            variables["DISPLAY"] = display
            variables["HOME"] = home.path
            return variables
        }

        func start(_ program: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }

        func wait(_ what: String, until ready: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(120)
            while !ready() {
                guard Date() < deadline else { throw ActionFailure("\(what) didn't start within two minutes (a loaded machine)") }
                usleep(50_000)
            }
        }

        func wmctrl(_ arguments: [String]) throws -> String {
            let result = try ProcessRun.run("/usr/bin/wmctrl", arguments, environment: environment, timeout: 60)
            return result.output
        }

        /// xprop's reading of a window's `_NET_WM_STATE`.
        func state(of title: String) throws -> String {
            guard let line = try wmctrl(["-l"]).split(separator: "\n").first(where: { $0.hasSuffix(title) }) else { return "" }
            let id = String(line.split(separator: " ")[0])
            return try ProcessRun.run("/usr/bin/xprop", ["-id", id, "_NET_WM_STATE"], environment: environment, timeout: 60).output
        }

        /// xwininfo's reading of a window itself (without its frame): its left and top on the
        /// screen, its width and height.
        func geometry(_ title: String) throws -> [Int]? {
            guard let line = try wmctrl(["-l"]).split(separator: "\n").first(where: { $0.hasSuffix(title) }) else { return nil }
            let id = String(line.split(separator: " ")[0])
            let info = try ProcessRun.run("/usr/bin/xwininfo", ["-id", id], environment: environment, timeout: 60).output
            let fields = ["Absolute upper-left X:", "Absolute upper-left Y:", "Width:", "Height:"].compactMap { label in
                info.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }.flatMap {
                    Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
                }
            }
            return fields.count == 4 ? fields : nil
        }
    }

    func run(_ name: String, _ parameters: [String: ParameterValue] = [:], input: Content = .nothing, desktop: Desktop) throws -> Content {
        try T.run("\(name)", parameters, input: input, environment: T.environment(variables: desktop.environment))
    }

    @Test func findsMovesAndResizesRealWindows() throws {
        let desktop = try Desktop()
        let windows = try run("filter.windows", desktop: desktop)
        let titles = windows.items.map { $0.property("Title").text }
        #expect(Set(titles) == ["First Window", "Second Window"], "\(titles)")
        #expect(windows.items.allSatisfy { $0.property("App Name") == .text("Xmessage") })
        let second = try #require(windows.items.first { $0.property("Title") == .text("Second Window") })
        // Its size with the window manager's frame: the window's 240 × 100 and a border and title bar.
        let (width, height) = (second.property("Width").number ?? 0, second.property("Height").number ?? 0)
        #expect(width > 240 && width < 260 && height > 100 && height < 140, "\(second)")
        // Moved to the top right corner of the 1280 × 800 screen: the frame's right edge on the
        // screen's, its top at the top, as wmctrl (another EWMH client) reads them.
        // (A loaded machine's window manager may take a while: what the tests read is waited for.)
        _ = try run("movewindow", ["WFWindow": T.text("Second Window"), "WFPosition": T.text("Top Right")], desktop: desktop)
        try desktop.wait("the move") {
            let moved = (try? run("filter.windows", desktop: desktop))?.items.first { $0.property("Title") == .text("Second Window") }
            return moved?.property("X Position").number.map { $0 + (moved?.property("Width").number ?? 0) } == 1280
                && moved?.property("Y Position") == .number(0)
        }
        // The window itself (inside its frame) as xwininfo reads it: its right edge near the
        // screen's, its top just under the frame's title bar.
        let client = try #require(try desktop.geometry("Second Window"))
        #expect((1270...1280).contains(client[0] + client[2]) && (1...40).contains(client[1]) && client[2] == 240, "\(client)")
        // Brought to the front, it is the frontmost window and the other isn't.
        try desktop.wait("the window to come to the front") {
            let after = try? run("filter.windows", desktop: desktop)
            return after?.items.first { $0.property("Title") == .text("Second Window") }?.property("Is Frontmost") == .boolean(true)
                && after?.items.first { $0.property("Title") == .text("First Window") }?.property("Is Frontmost") == .boolean(false)
        }
        // The left half: its frame 640 wide and the screen's height.
        _ = try run("resizewindow", ["WFWindow": T.text("First Window"), "WFConfiguration": T.text("Left Half")], desktop: desktop)
        try desktop.wait("the left half") {
            let half = (try? run("filter.windows", desktop: desktop))?.items.first { $0.property("Title") == .text("First Window") }
            return half?.property("Width") == .number(640) && half?.property("Height") == .number(800)
                && half?.property("X Position") == .number(0)
        }
        // Dimensions: the frame's size as asked.
        _ = try run(
            "resizewindow",
            [
                "WFWindow": T.text("First Window"), "WFConfiguration": T.text("Dimensions"), "WFWidth": T.number(500),
                "WFHeight": T.number(300),
            ],
            desktop: desktop)
        try desktop.wait("the size asked") {
            let sized = (try? run("filter.windows", desktop: desktop))?.items.first { $0.property("Title") == .text("First Window") }
            return sized?.property("Width") == .number(500) && sized?.property("Height") == .number(300)
        }
        let front = try run("getcurrentapp", desktop: desktop)
        #expect(front.property("Name") == .text("Xmessage"), "\(front)")
        let huge = T.failure {
            try run(
                "movewindow",
                [
                    "WFWindow": T.text("First Window"), "WFPosition": T.text("Coordinates"), "WFXCoordinate": T.number(1e12),
                    "WFYCoordinate": T.number(0),
                ],
                desktop: desktop)
        }
        #expect(huge?.parameter == "WFXCoordinate")
        let bad = T.failure {
            try run("movewindow", ["WFWindow": T.text("No Such Window")], desktop: desktop)
        }
        #expect(bad?.parameter == "WFWindow" && bad?.message.contains("no window is titled") == true)
    }

    @Test func displaysHidingAndTheDesktop() throws {
        let desktop = try Desktop()
        let displays = try run("filter.displays", desktop: desktop)
        let main = try #require(displays.items.first)
        #expect(
            main.property("Width") == .number(1280) && main.property("Height") == .number(800) && main.property("Is Main") == .boolean(true)
        )
        // All apps but none kept: every window minimized, as xprop reads their state.
        _ = try run("hide.app", ["WFHideAppMode": T.text("App"), "WFApp": T.text("Xmessage")], desktop: desktop)
        try desktop.wait("the windows to be minimized") {
            ["First Window", "Second Window"].allSatisfy { (try? desktop.state(of: $0))?.contains("_NET_WM_STATE_HIDDEN") == true }
        }
        let windows = try run("filter.windows", desktop: desktop)
        #expect(windows.items.count == 2 && windows.items.allSatisfy { $0.property("Is Minimized") == .boolean(true) })
        _ = try run("returntohomescreen", desktop: desktop)
        try desktop.wait("showing the desktop") { (try? desktop.wmctrl(["-m"]))?.contains("showing the desktop\" mode: ON") == true }
    }

    @Test func withNoDisplayTheyFailSayingWhy() throws {
        for identifier in ["filter.windows", "movewindow", "getcurrentapp", "returntohomescreen"] {
            let error = T.failure { try T.run(identifier, environment: T.environment(variables: ["DISPLAY": ""])) }
            #expect(error?.message.contains("there is no X display") == true, "\(identifier): \(String(describing: error))")
        }
    }
}
