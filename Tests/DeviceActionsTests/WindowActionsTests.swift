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
        let display: String
        var processes: [Process] = []
        let home: TemporaryDirectory

        init() throws {
            home = try TemporaryDirectory()
            var number = 0
            for candidate in 90..<200
            where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)")
                && !FileManager.default.fileExists(atPath: "/tmp/.X\(candidate)-lock")
            {
                number = candidate
                break
            }
            display = ":\(number)"
            try start("/usr/bin/Xvfb", [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            try wait("the X server") { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }
            try start("/usr/bin/openbox", ["--sm-disable"])
            try wait("the window manager") { (try? self.wmctrl(["-m"]))?.contains("Openbox") == true }
            try start("/usr/bin/xmessage", ["-title", "First Window", "-geometry", "300x120+20+30", "one"])
            try start("/usr/bin/xmessage", ["-title", "Second Window", "-geometry", "240x100+400+200", "two"])
            try wait("the windows") { (try? self.wmctrl(["-l"]))?.contains("Second Window") == true }
        }

        deinit {
            for process in processes.reversed() where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
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
            let deadline = Date().addingTimeInterval(20)
            while !ready() {
                guard Date() < deadline else { throw ActionFailure("\(what) didn't start within 20 seconds") }
                usleep(50_000)
            }
        }

        func wmctrl(_ arguments: [String]) throws -> String {
            let result = try ProcessRun.run("/usr/bin/wmctrl", arguments, environment: environment, timeout: 10)
            return result.output
        }

        /// wmctrl's idea of a window's place and size: x, y, width, height (its frame's place).
        func geometry(_ title: String) throws -> [Int]? {
            for line in try wmctrl(["-lG"]).split(separator: "\n") where line.hasSuffix(title) {
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                return words.count > 6 ? words[2...5].compactMap { Int($0) } : nil
            }
            return nil
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
        #expect(second.property("Width") == .number(240) && second.property("Height") == .number(100))
        // Moved to the top right corner of the 1280 × 800 screen: wmctrl agrees where it is.
        _ = try run("movewindow", ["WFWindow": T.text("Second Window"), "WFPosition": T.text("Top Right")], desktop: desktop)
        try desktop.wait("the move") {
            guard let frame = try? desktop.geometry("Second Window"), frame.count == 4 else { return false }
            return frame[0] + frame[2] >= 1270 && frame[1] <= 40
        }
        // Resized to the left half: 640 wide, as tall as the screen (less the frame).
        _ = try run("resizewindow", ["WFWindow": T.text("First Window"), "WFConfiguration": T.text("Left Half")], desktop: desktop)
        try desktop.wait("the resize") {
            guard let frame = try? desktop.geometry("First Window"), frame.count == 4 else { return false }
            return abs(frame[2] - 640) <= 12 && frame[3] >= 740 && frame[0] <= 10
        }
        // Dimensions, and the frontmost window is the one just brought forward.
        _ = try run(
            "resizewindow", ["WFWindow": T.text("First Window"), "WFWidth": T.number(500), "WFHeight": T.number(300)], desktop: desktop)
        try desktop.wait("the second resize") { (try? desktop.geometry("First Window"))?[2] == 500 }
        let front = try run("getcurrentapp", desktop: desktop)
        #expect(front.property("Name") == .text("Xmessage"), "\(front)")
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
        _ = try run("hide.app", ["WFHideAppMode": T.text("App"), "WFApp": T.text("Xmessage")], desktop: desktop)
        try desktop.wait("the windows to be minimized") {
            let windows = try? run("filter.windows", desktop: desktop)
            return windows?.items.allSatisfy { $0.property("Is Minimized") == .boolean(true) } == true
        }
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
