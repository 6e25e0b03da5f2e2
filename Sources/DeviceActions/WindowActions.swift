import ActionSupport
import CX11Loader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Windows and displays, as the desktop's window manager keeps them (Find Windows, Move Window,
/// Resize Window, Find Displays, Get Current App, Hide App, Go to Home Screen): through X11's
/// Extended Window Manager Hints, which every X window manager follows and which XWayland
/// offers for the apps it runs. Wayland itself gives other programs no way to list or move
/// windows, so in a Wayland session these see and move only XWayland's windows, and with no X
/// display at all they fail saying so.
enum WindowActions {
    static let all: [ActionDefinition] = [findWindows, moveWindow, resizeWindow, findDisplays, currentApp, hideApp, homeScreen]

    static let windowType = "Window"
    static let displayType = "Display"

    /// An X display connection for one action, closed when it goes.
    final class Connection {
        let pointer: OpaquePointer

        /// Connects to the run's `$DISPLAY`.
        init(run: RunContext) throws {
            guard let name = run.environment.variables["DISPLAY"], !name.isEmpty else {
                throw ActionFailure(
                    "there is no X display (DISPLAY isn't set): windows are reached through X11, and a Wayland session without XWayland gives other programs no way to list or move them"
                )
            }
            var reason = [CChar](repeating: 0, count: 256)
            guard sx11_load(&reason, reason.count) == 0 else { throw ActionFailure(LibraryLoading.message(reason)) }
            guard let opened = sx11_open(name) else { throw ActionFailure("can't connect to the X display \(name)") }
            pointer = opened
        }

        deinit { sx11_close(pointer) }

        var hasWindowManager: Bool { sx11_has_window_manager(pointer) != 0 }

        /// The apps' windows the window manager keeps (not its panels or the desktop), top first.
        func windows() -> [UInt] {
            var found = [UInt](repeating: 0, count: 4096)
            let count = sx11_client_windows(pointer, &found, Int32(found.count))
            return count > 0 ? found.prefix(Int(count)).reversed().filter { sx11_is_app_window(pointer, $0) != 0 } : []
        }

        /// Fails when the server went away during the action.
        func checkAlive() throws {
            if sx11_is_lost(pointer) != 0 { throw ActionFailure("the connection to the X display was lost") }
        }

        var active: UInt { sx11_active_window(pointer) }

        func text(_ made: UnsafeMutablePointer<CChar>?) -> String? {
            guard let made else { return nil }
            defer { free(made) }
            return String(decoding: UnsafeRawBufferPointer(start: made, count: strlen(made)), as: UTF8.self)
        }

        func title(_ window: UInt) -> String { text(sx11_window_title(pointer, window)) ?? "" }
        func appClass(_ window: UInt) -> String { text(sx11_window_class(pointer, window)) ?? "" }

        func frame(_ window: UInt) -> (x: Int, y: Int, width: Int, height: Int)? {
            var (x, y, width, height): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            guard sx11_window_geometry(pointer, window, &x, &y, &width, &height) == 0 else { return nil }
            return (Int(x), Int(y), Int(width), Int(height))
        }

        /// The monitors: place, size, physical size, whether primary, name.
        func monitors() -> [(x: Int, y: Int, width: Int, height: Int, widthMM: Int, heightMM: Int, primary: Bool, name: String)] {
            let capacity = 16
            var (x, y, width, height) = (
                [Int32](repeating: 0, count: capacity), [Int32](repeating: 0, count: capacity), [Int32](repeating: 0, count: capacity),
                [Int32](repeating: 0, count: capacity)
            )
            var (widthMM, heightMM, primary) = (
                [Int32](repeating: 0, count: capacity), [Int32](repeating: 0, count: capacity), [Int32](repeating: 0, count: capacity)
            )
            var names = [CChar](repeating: 0, count: capacity * 64)
            let count = Int(sx11_monitors(pointer, &x, &y, &width, &height, &widthMM, &heightMM, &primary, &names, Int32(capacity)))
            // With no primary monitor set (a server XRandR runs without one), the first is the main one.
            if count > 0, !primary.prefix(count).contains(where: { $0 != 0 }) { primary[0] = 1 }
            return (0..<max(count, 0)).map { index in
                let name = String(
                    decoding: names[index * 64..<index * 64 + 64].prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return (
                    Int(x[index]), Int(y[index]), Int(width[index]), Int(height[index]), Int(widthMM[index]), Int(heightMM[index]),
                    primary[index] != 0, name
                )
            }
        }

        /// The part of the display a window is on (the one holding its middle, else the primary
        /// one) that windows may take: less the panels the window manager's work area leaves out.
        func area(of window: UInt) throws -> (x: Int, y: Int, width: Int, height: Int) {
            let all = monitors()
            guard let fallback = all.first(where: \.primary) ?? all.first else { throw ActionFailure("the X display has no monitor") }
            var found = fallback
            if let frame = frame(window) {
                let (middleX, middleY) = (frame.x + frame.width / 2, frame.y + frame.height / 2)
                found =
                    all.first { middleX >= $0.x && middleX < $0.x + $0.width && middleY >= $0.y && middleY < $0.y + $0.height } ?? fallback
            }
            var (x, y, width, height): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            guard sx11_work_area(pointer, &x, &y, &width, &height) == 0 else { return (found.x, found.y, found.width, found.height) }
            let left = max(found.x, Int(x)), top = max(found.y, Int(y))
            let right = min(found.x + found.width, Int(x) + Int(width)), bottom = min(found.y + found.height, Int(y) + Int(height))
            guard right > left, bottom > top else { return (found.x, found.y, found.width, found.height) }
            return (left, top, right - left, bottom - top)
        }

        /// Waits (a second at most) for the window manager to apply a change, so what is given
        /// back is the window as it is now: until its frame is `target` (a window manager may
        /// keep a window from the size asked, so not forever).
        func settle(_ window: UInt, target: (x: Int?, y: Int?, width: Int?, height: Int?)) {
            for _ in 0..<50 {
                guard let now = frame(window) else { return }
                if (target.x.map { $0 == now.x } ?? true) && (target.y.map { $0 == now.y } ?? true)
                    && (target.width.map { $0 == now.width } ?? true) && (target.height.map { $0 == now.height } ?? true)
                {
                    return
                }
                usleep(20_000)
            }
        }
    }

    /// A window as content.
    static func content(_ window: UInt, connection: Connection) -> Content {
        let frame = connection.frame(window) ?? (0, 0, 0, 0)
        var (hidden, fullscreen): (Int32, Int32) = (0, 0)
        _ = sx11_window_state(connection.pointer, window, &hidden, &fullscreen)
        let title = connection.title(window)
        let app = connection.appClass(window)
        return .entity(
            EntityContent(
                typeName: windowType, identifier: String(format: "0x%lx", window), displayTitle: title.isEmpty ? app : title,
                subtitle: app,
                properties: [
                    "Title": .text(title), "App Name": .text(app),
                    "Process ID": .number(Double(sx11_window_pid(connection.pointer, window))),
                    "X Position": .number(Double(frame.x)), "Y Position": .number(Double(frame.y)), "Width": .number(Double(frame.width)),
                    "Height": .number(Double(frame.height)), "Is Minimized": .boolean(hidden != 0),
                    "Is Full Screen": .boolean(fullscreen != 0),
                    "Is Frontmost": .boolean(window == connection.active),
                ]))
    }

    /// The windows content gives: windows from Find Windows, or a title or app name (the
    /// windows whose title or app is that); none given is the frontmost window.
    static func windows(_ given: Content, connection: Connection, parameter: String) throws -> [UInt] {
        if given.isNothing {
            guard connection.active != 0 else { throw ActionFailure("no window is frontmost", parameter: parameter) }
            return [connection.active]
        }
        let managed = connection.windows()
        return try given.items.flatMap { item -> [UInt] in
            if case .entity(let entity) = item, entity.typeName == windowType {
                guard entity.identifier.hasPrefix("0x"), let window = UInt(entity.identifier.dropFirst(2), radix: 16),
                    managed.contains(window)
                else {
                    throw ActionFailure("the window “\(entity.displayTitle.prefix(60))” is gone", parameter: parameter)
                }
                return [window]
            }
            let name = (item.dictionary?["Name"] ?? item).text.trimmingCharacters(in: .whitespaces)
            let found = managed.filter {
                connection.title($0).caseInsensitiveCompare(name) == .orderedSame
                    || connection.appClass($0).caseInsensitiveCompare(name) == .orderedSame
            }
            guard !found.isEmpty else {
                throw ActionFailure("no window is titled or belongs to “\(name.prefix(60))”", parameter: parameter)
            }
            return found
        }
    }

    static func check(_ result: Int32, doing what: String, parameter: String?, connection: Connection) throws {
        try connection.checkAlive()
        guard result == 0 else { throw ActionFailure("X refused to \(what) (the window may be gone)", parameter: parameter) }
    }

    // MARK: Find Windows, Find Displays

    static let windowProperties = FileFilter.Properties(
        kind: "windows",
        names: ["Title", "App Name", "Width", "Height", "X Position", "Y Position", "Is Minimized", "Is Full Screen", "Is Frontmost"],
        value: { name, item in item.property(name) })

    static let findWindows = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.windows", title: "Find Windows",
            description:
                "Finds the open windows (those the window manager keeps, through X11; in a Wayland session XWayland's) matching the conditions on Title, App Name, size, place, Is Minimized…, top window first unless sorted.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Title", "App Name", "Width", "Height", "Random"]),
            outputType: windowType, outputName: "Windows", keywords: ["windows", "apps", "open"]),
        properties: windowProperties,
        source: { run in
            let connection = try Connection(run: run)
            return .list(connection.windows().map { content($0, connection: connection) })
        })

    static let displayProperties = FileFilter.Properties(
        kind: "displays", names: ["Name", "Width", "Height", "X Position", "Y Position", "Is Main", "Physical Width", "Physical Height"],
        value: { name, item in item.property(name) })

    static let findDisplays = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.displays", title: "Find Displays",
            description:
                "Finds the displays (XRandR's monitors) matching the conditions on Name, Width, Height, place, Is Main and physical size in millimetres.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Name", "Width", "Height", "Random"]),
            outputType: displayType, outputName: "Displays", keywords: ["monitors", "screens"]),
        properties: displayProperties,
        source: { run in
            let connection = try Connection(run: run)
            return .list(
                connection.monitors().map { monitor in
                    .entity(
                        EntityContent(
                            typeName: displayType, identifier: monitor.name, displayTitle: monitor.name,
                            subtitle: "\(monitor.width) × \(monitor.height)",
                            properties: [
                                "Name": .text(monitor.name), "Width": .number(Double(monitor.width)),
                                "Height": .number(Double(monitor.height)),
                                "X Position": .number(Double(monitor.x)), "Y Position": .number(Double(monitor.y)),
                                "Is Main": .boolean(monitor.primary), "Physical Width": .number(Double(monitor.widthMM)),
                                "Physical Height": .number(Double(monitor.heightMM)),
                            ]))
                })
        })

    // MARK: Move and resize

    static let positions = [
        "Center", "Top Left", "Top Center", "Top Right", "Middle Left", "Middle Right", "Bottom Left", "Bottom Center", "Bottom Right",
        "Coordinates",
    ]

    static let moveWindow = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.movewindow", title: "Move Window",
            description:
                "Moves windows to a place on their display (centred, a corner, an edge's middle) or to coordinates, and brings them to the front when asked.",
            parameters: [
                ParameterMetadata(key: "WFWindow", title: "Window", type: .content, entityType: windowType, isList: true),
                ParameterMetadata(key: "WFPosition", title: "Position", type: .enumeration, options: positions, defaultValue: "Center"),
                ParameterMetadata(key: "WFXCoordinate", title: "X", type: .number),
                ParameterMetadata(key: "WFYCoordinate", title: "Y", type: .number),
                ParameterMetadata(key: "WFBringToFront", title: "Bring to Front", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFWindow", outputType: windowType, outputName: "Window", isReadOnly: false, keywords: ["place", "arrange"])
    ) { parameters in
        { input, run in
            let connection = try Connection(run: run)
            let given = parameters["WFWindow"].isAbsent ? input : try run.content(parameters["WFWindow"])
            let position = (try run.text(parameters["WFPosition"]) ?? "Center").lowercased()
            let front = try run.bool(parameters["WFBringToFront"]) ?? true
            var moved: [Content] = []
            for window in try windows(given, connection: connection, parameter: "WFWindow") {
                guard let frame = connection.frame(window) else { throw ActionFailure("a window went away", parameter: "WFWindow") }
                let screen = try connection.area(of: window)
                let (x, y): (Int, Int)
                switch position {
                case "coordinates", "custom", "point":
                    func coordinate(_ key: String) throws -> Int {
                        guard let value = try run.number(parameters[key], parameter: key) else {
                            throw ActionFailure("give X and Y to move to coordinates", parameter: key)
                        }
                        guard value.isFinite, abs(value) <= 1_000_000 else {
                            throw ActionFailure("\(value.formatted()) is no place on a screen", parameter: key)
                        }
                        return Int(value.rounded())
                    }
                    (x, y) = (screen.x + (try coordinate("WFXCoordinate")), screen.y + (try coordinate("WFYCoordinate")))
                default:
                    guard positions.map({ $0.lowercased() }).contains(position) || ["top", "bottom", "left", "right"].contains(position)
                    else {
                        throw ActionFailure(
                            "“\(position.prefix(30))” is not a position: \(positions.joined(separator: ", "))", parameter: "WFPosition")
                    }
                    let horizontal = position.contains("left") ? 0 : position.contains("right") ? 2 : 1
                    let vertical = position.hasPrefix("top") ? 0 : position.hasPrefix("bottom") ? 2 : 1
                    x = screen.x + [0, (screen.width - frame.width) / 2, screen.width - frame.width][horizontal]
                    y = screen.y + [0, (screen.height - frame.height) / 2, screen.height - frame.height][vertical]
                }
                try check(
                    sx11_move_resize(connection.pointer, window, 1 | 2, Int32(x), Int32(y), 0, 0), doing: "move the window",
                    parameter: "WFWindow",
                    connection: connection)
                if front {
                    try check(
                        sx11_activate(connection.pointer, window), doing: "bring the window to the front", parameter: "WFWindow",
                        connection: connection)
                }
                connection.settle(window, target: (x, y, nil, nil))
                moved.append(content(window, connection: connection))
            }
            return Content(items: moved)
        }
    }

    static let configurations = [
        "Fit Screen", "Left Half", "Right Half", "Top Half", "Bottom Half", "Top Left Quarter", "Top Right Quarter", "Bottom Left Quarter",
        "Bottom Right Quarter", "Dimensions",
    ]

    static let resizeWindow = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.resizewindow", title: "Resize Window",
            description:
                "Resizes windows to fill their display, a half or a quarter of it, or to a width and height in pixels, bringing them to the front when asked.",
            parameters: [
                ParameterMetadata(key: "WFWindow", title: "Window", type: .content, entityType: windowType, isList: true),
                ParameterMetadata(
                    key: "WFConfiguration", title: "Configuration", type: .enumeration, options: configurations, defaultValue: "Fit Screen"),
                ParameterMetadata(key: "WFWidth", title: "Width", type: .number),
                ParameterMetadata(key: "WFHeight", title: "Height", type: .number),
                ParameterMetadata(key: "WFBringToFront", title: "Bring to Front", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFWindow", outputType: windowType, outputName: "Window", isReadOnly: false, keywords: ["size", "tile", "snap"])
    ) { parameters in
        { input, run in
            let connection = try Connection(run: run)
            let given = parameters["WFWindow"].isAbsent ? input : try run.content(parameters["WFWindow"])
            let configuration = (try run.text(parameters["WFConfiguration"]) ?? "Fit Screen").lowercased()
            let front = try run.bool(parameters["WFBringToFront"]) ?? true
            var resized: [Content] = []
            for window in try windows(given, connection: connection, parameter: "WFWindow") {
                let screen = try connection.area(of: window)
                let before = connection.frame(window)
                let (halfWidth, halfHeight) = (screen.width / 2, screen.height / 2)
                let place: (x: Int, y: Int, width: Int, height: Int)
                switch configuration {
                case "fit screen", "full screen", "fill screen", "maximize": place = (screen.x, screen.y, screen.width, screen.height)
                case "left half": place = (screen.x, screen.y, halfWidth, screen.height)
                case "right half": place = (screen.x + halfWidth, screen.y, screen.width - halfWidth, screen.height)
                case "top half": place = (screen.x, screen.y, screen.width, halfHeight)
                case "bottom half": place = (screen.x, screen.y + halfHeight, screen.width, screen.height - halfHeight)
                case "top left quarter": place = (screen.x, screen.y, halfWidth, halfHeight)
                case "top right quarter": place = (screen.x + halfWidth, screen.y, screen.width - halfWidth, halfHeight)
                case "bottom left quarter": place = (screen.x, screen.y + halfHeight, halfWidth, screen.height - halfHeight)
                case "bottom right quarter":
                    place = (screen.x + halfWidth, screen.y + halfHeight, screen.width - halfWidth, screen.height - halfHeight)
                case "dimensions", "custom", "size":
                    let width = try pixels(parameters["WFWidth"], run, key: "WFWidth")
                    let height = try pixels(parameters["WFHeight"], run, key: "WFHeight")
                    guard width != nil || height != nil else { throw ActionFailure("give a width, a height or both", parameter: "WFWidth") }
                    let frame = before ?? (0, 0, 0, 0)
                    place = (-1, -1, width ?? frame.width, height ?? frame.height)
                default:
                    throw ActionFailure(
                        "“\(configuration.prefix(30))” is not a configuration: \(configurations.joined(separator: ", "))",
                        parameter: "WFConfiguration")
                }
                let given: Int32 = place.x < 0 ? 4 | 8 : 1 | 2 | 4 | 8
                try check(
                    sx11_move_resize(
                        connection.pointer, window, given, Int32(place.x), Int32(place.y), Int32(place.width), Int32(place.height)),
                    doing: "resize the window", parameter: "WFWindow", connection: connection)
                if front {
                    try check(
                        sx11_activate(connection.pointer, window), doing: "bring the window to the front", parameter: "WFWindow",
                        connection: connection)
                }
                connection.settle(window, target: (place.x < 0 ? nil : place.x, place.y < 0 ? nil : place.y, place.width, place.height))
                resized.append(content(window, connection: connection))
            }
            return Content(items: resized)
        }
    }

    /// A size in whole pixels from a number parameter; `nil` when absent.
    static func pixels(_ expression: ParameterExpression, _ run: RunContext, key: String) throws -> Int? {
        guard let value = try run.number(expression, parameter: key) else { return nil }
        guard value.isFinite, value >= 1, value <= 100_000 else {
            throw ActionFailure("\(value.formatted()) is not a size in pixels", parameter: key)
        }
        return Int(value.rounded())
    }

    // MARK: Apps

    /// The installed app a window belongs to: the entry whose StartupWMClass, id or program is
    /// the window's class; else an app named by the class.
    static func app(of window: UInt, connection: Connection, run: RunContext) -> Content {
        let appClass = connection.appClass(window)
        let apps = DesktopAppActions.installedApps(run.environment.variables)
        let lowered = appClass.lowercased()
        if let app = apps.first(where: {
            DesktopAppActions.entryValues($0.path)?["StartupWMClass"]?.lowercased() == lowered || $0.identifier.lowercased() == lowered
                || $0.identifier.lowercased().hasSuffix("." + lowered)
                || URL(fileURLWithPath: $0.executable).lastPathComponent.lowercased() == lowered
        }) {
            return app.content
        }
        return .entity(
            EntityContent(
                typeName: "App", identifier: appClass, displayTitle: appClass.isEmpty ? connection.title(window) : appClass,
                properties: ["Name": .text(appClass), "Bundle Identifier": .text(appClass)]))
    }

    static let currentApp = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getcurrentapp", title: "Get Current App",
            description: "Gives the app of the frontmost window, or (Visible Apps) every app with a window not minimized.",
            parameters: [
                ParameterMetadata(
                    key: "WFVisibleAppScope", title: "Scope", type: .enumeration, options: ["Current", "Visible"], defaultValue: "Current")
            ],
            outputType: "App", outputName: "Current App", keywords: ["frontmost", "active", "focused"])
    ) { parameters in
        { _, run in
            let connection = try Connection(run: run)
            if (try run.text(parameters["WFVisibleAppScope"]) ?? "").lowercased().contains("visible") {
                var seen: Set<String> = []
                return .list(
                    connection.windows().filter { window in
                        var (hidden, fullscreen): (Int32, Int32) = (0, 0)
                        _ = sx11_window_state(connection.pointer, window, &hidden, &fullscreen)
                        return hidden == 0
                    }.map { app(of: $0, connection: connection, run: run) }.filter { app in
                        guard case .entity(let entity) = app else { return false }
                        return seen.insert(entity.identifier).inserted
                    })
            }
            let active = connection.active
            guard active != 0 else { throw ActionFailure("no window is frontmost") }
            return app(of: active, connection: connection, run: run)
        }
    }

    static let hideApp = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.hide.app", title: "Hide App",
            description: "Minimizes every window of an app, or of all apps.",
            parameters: [
                ParameterMetadata(
                    key: "WFHideAppMode", title: "Mode", type: .enumeration, options: ["App", "All Apps"], defaultValue: "App"),
                ParameterMetadata(key: "WFApp", title: "App", type: .content),
                ParameterMetadata(key: "WFAppsExcept", title: "Except", type: .content, isList: true),
            ],
            inputParameter: "WFApp", isReadOnly: false, keywords: ["minimize", "hide"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let connection = try Connection(run: run)
            let all = (try run.text(parameters["WFHideAppMode"]) ?? "App").lowercased().hasPrefix("all")
            var targets = connection.windows()
            /// The names an app is known by: its name, desktop id, program and window class.
            func names(_ given: Content) -> Set<String> {
                Set(
                    given.items.flatMap { item -> [String] in
                        var names = [(item.dictionary?["Name"] ?? item).text.lowercased()]
                        if case .entity(let entity) = item {
                            names += [entity.identifier.lowercased(), item.property("Executable").text.lowercased()]
                            if let path = entity.properties["File Path"]?.text,
                                let wmClass = DesktopAppActions.entryValues(path)?["StartupWMClass"]
                            {
                                names.append(wmClass.lowercased())
                            }
                        }
                        return names.filter { !$0.isEmpty }
                    })
            }
            func belongs(_ window: UInt, to names: Set<String>) -> Bool {
                let appClass = connection.appClass(window).lowercased()
                return names.contains(appClass) || names.contains { $0.hasSuffix("." + appClass) }
            }
            if all {
                let kept = names(try run.content(parameters["WFAppsExcept"]))
                targets = targets.filter { !belongs($0, to: kept) }
            } else {
                let given = parameters["WFApp"].isAbsent ? input : try run.content(parameters["WFApp"])
                let names = names(given)
                guard !names.isEmpty else { throw ActionFailure("no app is given", parameter: "WFApp") }
                targets = targets.filter { belongs($0, to: names) }
                guard !targets.isEmpty else { throw ActionFailure("no window of that app is open", parameter: "WFApp") }
            }
            for window in targets {
                try check(sx11_minimize(connection.pointer, window), doing: "minimize a window", parameter: "WFApp", connection: connection)
            }
            return input
        }
    }

    static let homeScreen = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.returntohomescreen", title: "Go to Home Screen",
            description: "Shows the desktop: the window manager moves every window out of the way (EWMH's showing-desktop mode).",
            isReadOnly: false, keywords: ["desktop", "show desktop", "home"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let connection = try Connection(run: run)
            guard connection.hasWindowManager else { throw ActionFailure("no window manager runs on this display to show the desktop") }
            try check(sx11_show_desktop(connection.pointer, 1), doing: "show the desktop", parameter: nil, connection: connection)
            return input
        }
    }
}
