import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// What the XDG desktop portal offers any app, on every desktop that has a backend: Select File
/// and Select Photos (FileChooser), Take Screenshot (Screenshot), Set Wallpaper (Wallpaper), and
/// Set Appearance, which reads the colour scheme from the portal's Settings and writes it the
/// desktop's own way (GNOME's settings, KDE's colour schemes). Open File hands a file to the
/// desktop's handler for its type.
///
/// Without a portal, Select File and Select Photos ask for a path on the terminal, as Get File
/// does; the others fail naming the portal and its package.
enum PortalActions {
    static let all: [ActionDefinition] = [
        selectFile, selectPhotos, screenshot, onScreen, wallpaper, appearance, openFile, share, shareWithApps, webView,
    ]

    /// Files the person picks: through the portal's file chooser when the session bus has one,
    /// else a path asked on the terminal. What is picked, the run may use.
    static func pickFiles(
        _ title: String, multiple: Bool, folders: Bool = false, images: Bool = false, run: RunContext
    ) throws -> [String] {
        var paths: [String]
        if let portal = try? ServiceClient(.portal, for: run), portal.connection.hasOwner(RequiredService.portal.busName) {
            var options: [(String, DBusValue)] = [("multiple", .bool(multiple)), ("directory", .bool(folders))]
            if images {
                let filter = DBusValue.structure([
                    .string("Images"), .array(element: "(us)", [.structure([.uint32(1), .string("image/*")])]),
                ])
                options.append(("filters", .array(element: "(sa(us))", [filter])))
                options.append(("current_filter", filter))
            }
            let results = try portal.portalRequest("org.freedesktop.portal.FileChooser", "OpenFile") { token in
                [.string(""), .string(title), .dictionary([("handle_token", .string(token))] + options)]
            }
            paths = results["uris"]?.textElements.compactMap { URL(string: $0) }.filter(\.isFileURL).map(\.path) ?? []
        } else {
            let answer = try run.environment.prompter.ask("\(title) (path)", defaultAnswer: nil, inputType: "Text")
            paths = answer.isEmpty ? [] : [LocalFiles.resolve(answer, run: run)]
        }
        if !multiple { paths = Array(paths.prefix(1)) }
        for path in paths { run.environment.fileAccess.allowPicked(path: path) }
        return paths
    }

    /// `WFPickingMode`.
    enum PickingMode: String, ParameterOption {
        case files = "Files", folders = "Folders"
    }

    static let selectFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.select", title: "Select File",
            description:
                "Asks the person to pick files or folders in the desktop's file chooser (the XDG desktop portal), or for a path on the terminal.",
            parameters: [
                .option("WFPickingMode", title: "Select", default: PickingMode.files),
                ParameterMetadata(key: "SelectMultiple", title: "Select Multiple", type: .boolean, defaultValue: "false"),
            ],
            outputType: "File", outputName: "File", keywords: ["choose", "pick", "open", "browse"])
    ) { parameters in
        let mode = OptionParameter(parameters, "WFPickingMode", default: PickingMode.files)
        let multiple = parameters["SelectMultiple"]
        return { _, run in
            let folders = try mode.value(in: run) == .folders
            let paths = try pickFiles(
                folders ? "Choose a folder" : "Choose a file", multiple: try run.bool(multiple) ?? false, folders: folders, run: run)
            guard !paths.isEmpty else { throw ActionFailure("no file was picked", code: .cancelled) }
            return Content(items: try paths.map { .file(try LocalFiles.item(at: $0, run: run, parameter: "WFPickingMode")) })
        }
    }

    static let selectPhotos = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.selectphoto", title: "Select Photos",
            description:
                "Asks the person to pick images in the desktop's file chooser (the XDG desktop portal), or for a path on the terminal.",
            parameters: [ParameterMetadata(key: "WFSelectMultiplePhotos", title: "Select Multiple", type: .boolean, defaultValue: "false")],
            outputType: "Image", outputName: "Photos", keywords: ["choose", "pick", "image", "picture"])
    ) { parameters in
        let multiple = parameters["WFSelectMultiplePhotos"]
        return { _, run in
            let paths = try pickFiles("Choose photos", multiple: try run.bool(multiple) ?? false, images: true, run: run)
            guard !paths.isEmpty else { throw ActionFailure("no photo was picked", code: .cancelled) }
            return Content(items: try paths.map { .file(try LocalFiles.item(at: $0, run: run, parameter: "WFSelectMultiplePhotos")) })
        }
    }

    /// `WFTakeScreenshotScreenshotType`.
    enum ScreenshotType: String, ParameterOption {
        case fullScreen = "Full Screen", interactive = "Interactive"
    }

    static let screenshot = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.takescreenshot", title: "Take Screenshot",
            description: "Takes a screenshot through the XDG desktop portal; Interactive lets the person choose what to capture.",
            parameters: [.option("WFTakeScreenshotScreenshotType", title: "Type", default: ScreenshotType.fullScreen)],
            outputType: "Image", outputName: "Screenshot", isReadOnly: true, keywords: ["capture", "screen", "grab"]
        ).needing(.portal)
    ) { parameters in
        let type = OptionParameter(parameters, "WFTakeScreenshotScreenshotType", default: ScreenshotType.fullScreen)
        return { _, run in
            try takeScreenshot(interactive: try type.value(in: run) == .interactive, parameter: "WFTakeScreenshotScreenshotType", run: run)
        }
    }

    /// A screenshot through the portal, as an image file the run may read.
    static func takeScreenshot(interactive: Bool, parameter: String, run: RunContext) throws -> Content {
        let portal = try ServiceClient(.portal, for: run)
        let results = try portal.portalRequest("org.freedesktop.portal.Screenshot", "Screenshot") { token in
            [.string(""), .dictionary([("handle_token", .string(token)), ("interactive", .bool(interactive))])]
        }
        guard let uri = results["uri"]?.text, let url = URL(string: uri), url.isFileURL else {
            throw ActionFailure("the desktop portal took no screenshot")
        }
        // The portal wrote it for this run: the run may read it.
        run.environment.fileAccess.allowPicked(path: url.path)
        return .file(try LocalFiles.item(at: url.path, run: run, parameter: parameter))
    }

    static let onScreen = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getonscreencontent", title: "Get What’s On Screen",
            description: "Gets a picture of the screen through the XDG desktop portal (apps don't share their content on Linux).",
            outputType: "Image", outputName: "On-Screen Content", keywords: ["screen", "capture"]
        ).needing(.portal)
    ) { _ in
        { _, run in try takeScreenshot(interactive: false, parameter: "WFInput", run: run) }
    }

    static let wallpaper = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.wallpaper.set", title: "Set Wallpaper",
            description: "Sets the desktop background (and lock screen) to an image, through the XDG desktop portal.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Image", type: .file, isRequired: true),
                ParameterMetadata(key: "WFWallpaperShowPreview", title: "Show Preview", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["background", "desktop picture"]
        ).needing(.portal),
        passesInputThrough: true
    ) { parameters in
        let preview = parameters["WFWallpaperShowPreview"]
        return { input, run in
            let portal = try ServiceClient(.portal, for: run)
            guard let item = input.items.first else { throw ActionFailure("there is no image to set", parameter: "WFInput") }
            let path: String
            if let existing = LocalFiles.path(of: item, run: run), LocalFiles.exists(existing).exists {
                try LocalFiles.check(existing, .read, run: run, parameter: "WFInput")
                path = existing
            } else {
                guard case .file(let file) = try run.convert(item, to: .image, parameter: "WFInput") else {
                    throw ActionFailure("expected an image", parameter: "WFInput")
                }
                // An image made in the run is kept where a wallpaper can stay, the data folder's
                // backgrounds, named by its contents: the action picks the place, not the shortcut.
                let folder = UserFolders.dataHome(in: run.environment.variables) + "/backgrounds"
                let suffix = URL(fileURLWithPath: file.name).pathExtension.filter { $0.isLetter || $0.isNumber }
                path = folder + "/shortcuts-\(Digest.hex(.md5, of: Array(file.data)).prefix(16)).\(suffix.isEmpty ? "png" : suffix)"
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try file.data.write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw ActionFailure("can't keep the image at \(path): \(error.localizedDescription)", parameter: "WFInput")
                }
            }
            let showPreview = try run.bool(preview) ?? false
            _ = try portal.portalRequest("org.freedesktop.portal.Wallpaper", "SetWallpaperURI") { token in
                [
                    .string(""), .string(URL(fileURLWithPath: path).absoluteString),
                    .dictionary([("handle_token", .string(token)), ("show-preview", .bool(showPreview)), ("set-on", .string("both"))]),
                ]
            }
            return input
        }
    }

    // MARK: Appearance

    /// `operation` and `style` of Set Appearance.
    enum AppearanceOperation: String, ParameterOption { case set, toggle }
    enum Style: String, ParameterOption { case light, dark }

    /// Whether the desktop prefers dark now: the portal's `color-scheme` (1 is dark), else GNOME's setting.
    static func prefersDark(run: RunContext) throws -> Bool {
        if let portal = try? ServiceClient(.portal, for: run),
            let value = try? portal.call(
                "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", "Read",
                [.string("org.freedesktop.appearance"), .string("color-scheme")]
            ).first
        {
            var inner = value
            while case .variant(let unwrapped) = inner { inner = unwrapped }
            if let scheme = inner.integer { return scheme == 1 }
        }
        if let gsettings = run.findProgram("gsettings", path: run.environment.variables["PATH"]) {
            let read = try run.runProgram(
                gsettings, arguments: ["get", "org.gnome.desktop.interface", "color-scheme"], environment: run.environment.variables,
                timeout: 10)
            if read.status == 0 { return String(decoding: read.standardOutput, as: UTF8.self).contains("prefer-dark") }
        }
        throw ActionFailure("can't tell whether the desktop is dark: \(RequiredService.portal.description) isn't running here")
    }

    /// Sets the desktop's colour scheme its own way: GNOME's (and its relatives') settings, or KDE's colour scheme.
    static func setDark(_ dark: Bool, run: RunContext) throws {
        let variables = run.environment.variables
        let desktops = (variables["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":").map(String.init)
        let path = variables["PATH"]
        let program: String
        let arguments: [String]
        if desktops.contains("kde") {
            guard let apply = run.findProgram("plasma-apply-colorscheme", path: path) else {
                throw ActionFailure("KDE Plasma's plasma-apply-colorscheme is not installed (install plasma-workspace)")
            }
            (program, arguments) = (apply, [dark ? "BreezeDark" : "BreezeLight"])
        } else if desktops.isEmpty || desktops.contains(where: DesktopSettingsActions.GNOMESettings.desktops.contains) {
            try DesktopSettingsActions.GNOMESettings.set(
                "org.gnome.desktop.interface", "color-scheme", to: dark ? "prefer-dark" : "default", doing: "Set Appearance", run: run)
            return
        } else {
            let name = desktops.isEmpty ? "this desktop" : (variables["XDG_CURRENT_DESKTOP"] ?? "")
            throw ActionFailure(
                "the desktop portal can only read the colour scheme, and \(name) has no setting this action knows how to change (GNOME's and KDE's it does)"
            )
        }
        let outcome = try run.runProgram(program, arguments: arguments, environment: variables, timeout: 10)
        guard outcome.status == 0 else {
            let name = URL(fileURLWithPath: program).lastPathComponent
            throw ActionFailure("\(name) could not change the colour scheme (status \(outcome.status)): \(outcome.errorText.prefix(300))")
        }
    }

    static let appearance = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.appearance", title: "Set Appearance",
            description:
                "Switches the desktop between light and dark, or toggles it: GNOME's color-scheme setting, KDE's Breeze colour schemes; the current one is read from the XDG desktop portal.",
            parameters: [
                .option("operation", title: "Operation", default: AppearanceOperation.set),
                .option("style", title: "Style", default: Style.dark),
            ],
            isReadOnly: false, keywords: ["dark mode", "light mode", "theme", "colour scheme"]),
        passesInputThrough: true
    ) { parameters in
        let operation = OptionParameter(parameters, "operation", default: AppearanceOperation.set)
        let style = OptionParameter(parameters, "style", default: Style.dark)
        return { input, run in
            let dark: Bool
            switch try operation.value(in: run) {
            case .toggle: dark = !(try prefersDark(run: run))
            case .set: dark = try style.value(in: run) == .dark
            }
            try setDark(dark, run: run)
            return input
        }
    }

    static let openFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.openin", title: "Open File",
            description: "Opens each file in the desktop's default app for its type (xdg-open).",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "File", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFOpenInAskWhenRun", title: "Ask When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["open with", "launch", "view"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            for item in input.items {
                guard let path = LocalFiles.path(of: item, run: run), LocalFiles.exists(path).exists else {
                    throw ActionFailure("expected a file on disk, got \"\(item.text.prefix(80))\"", parameter: "WFInput")
                }
                try LocalFiles.check(path, .read, run: run, parameter: "WFInput")
                try run.environment.openURL(URL(fileURLWithPath: path))
            }
            return input
        }
    }

    // MARK: Sharing

    /// Shares each item the Linux way: the portal's app chooser opens it in the app the person
    /// picks (a file as it is, a URL as a link, text as a text file); with no portal, the
    /// desktop's default app for it.
    static func share(_ input: Content, parameter: String, run: RunContext) throws {
        let portal = try? ServiceClient(.portal, for: run)
        let hasPortal = portal?.connection.hasOwner(RequiredService.portal.busName) == true
        for item in input.items {
            if let url = item.url, !url.isFileURL, url.scheme != nil {
                if let portal, hasPortal {
                    _ = try portal.portalRequest("org.freedesktop.portal.OpenURI", "OpenURI") { token in
                        [.string(""), .string(url.absoluteString), .dictionary([("handle_token", .string(token)), ("ask", .bool(true))])]
                    }
                } else {
                    try run.environment.openURL(url)
                }
                continue
            }
            let path = try sharedFile(item, parameter: parameter, run: run)
            if let portal, hasPortal {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw ActionFailure("can't open \(path) to share it: \(String(cString: strerror(errno)))", parameter: parameter)
                }
                defer { close(descriptor) }
                _ = try portal.portalRequest("org.freedesktop.portal.OpenURI", "OpenFile") { token in
                    [.string(""), .unixFD(descriptor), .dictionary([("handle_token", .string(token)), ("ask", .bool(true))])]
                }
            } else {
                try run.environment.openURL(URL(fileURLWithPath: path))
            }
        }
    }

    /// The file an item is shared as: its own when it is one the run may read, else its
    /// contents written to a file of the run's cache (text as `.txt`).
    static func sharedFile(_ item: Content, parameter: String, run: RunContext) throws -> String {
        if let path = LocalFiles.path(of: item, run: run), case .file = item, LocalFiles.exists(path).exists {
            try LocalFiles.check(path, .read, run: run, parameter: parameter)
            return path
        }
        let (name, data): (String, Data)
        if case .file(let file) = item {
            (name, data) = (file.name.isEmpty ? "Shared File" : URL(fileURLWithPath: file.name).lastPathComponent, file.data)
        } else {
            (name, data) = (FileNames.title(of: item.text) + ".txt", Data(item.text.utf8))
        }
        let folder = UserFolders.cacheHome(in: run.environment.variables) + "/shortcuts/shared/" + UUID().uuidString.prefix(8)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: folder + "/" + name), options: .atomic)
        } catch {
            throw ActionFailure("can't write the item to share in \(folder): \(error.localizedDescription)", parameter: parameter)
        }
        return folder + "/" + name
    }

    /// Share and Share with Apps, which do the same here.
    static func shareAction(_ identifier: String, _ title: String, description: String, keywords: [String]) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description,
                parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true, isList: true)],
                inputParameter: "WFInput", isReadOnly: false, keywords: keywords)
        ) { _ in
            { input, run in
                try share(input, parameter: "WFInput", run: run)
                return .nothing
            }
        }
    }

    static let share = shareAction(
        "is.workflow.actions.share", "Share",
        description:
            "Shares the input with an app the person picks (the XDG desktop portal's app chooser); without a portal, opens it in the default app.",
        keywords: ["send", "share sheet", "open with"])

    static let shareWithApps = shareAction(
        "is.workflow.actions.runextension", "Share with Apps", description: "Shares the input with an app the person picks, as Share does.",
        keywords: ["extension", "share sheet"])

    static let webView = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.showwebpage", title: "Show Web View",
            description: "Shows the web page in the default browser.",
            parameters: [
                ParameterMetadata(key: "WFURL", title: "URL", type: .url, isRequired: true),
                ParameterMetadata(key: "WFEnterSafariReader", title: "Enter Safari Reader", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFURL", isReadOnly: false, keywords: ["browser", "safari", "web page"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            for item in input.items {
                guard let url = item.url, url.scheme != nil else {
                    throw ActionFailure("expected a URL, got \(item.quotedForError)", parameter: "WFURL")
                }
                try run.environment.openURL(url)
            }
            return input
        }
    }
}
