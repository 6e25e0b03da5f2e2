import Foundation
import ShortcutsLibrary

/// Puts a ``DesktopPlan`` in place, takes it away again, and says what is there.
///
/// What an install wrote is recorded in the library (`desktop.json`): a later install removes
/// what is no longer wanted, and uninstall removes exactly what was written. A file someone
/// else wrote is never replaced, and one changed since it was written is left where it is; both
/// are reported.
public struct DesktopInstaller: Sendable {
    public let places: DesktopPlaces

    public init(places: DesktopPlaces) {
        self.places = places
    }

    /// What happened, line by line, and what went wrong.
    public struct Report: Sendable {
        public var done: [String] = []
        public var problems: [String] = []
    }

    /// What an install wrote.
    struct Record: Codable, Equatable {
        struct Written: Codable, Equatable {
            var path: String
            /// A hash of what was written, to tell whether it was changed since.
            var hash: String
        }

        var version = 1
        var files: [Written] = []
        /// The `unique-id`s of the Thunar actions added to `uca.xml`.
        var thunarActions: [String] = []
        /// The GNOME custom keybindings added, by path.
        var gnomeBindings: [String] = []
        /// Whether the app's entry was there before (`shortcuts service install` writes it too):
        /// uninstall then puts it back without the menu-bar actions instead of removing it.
        var appEntryWasThere = false
    }

    public var isInstalled: Bool { FileManager.default.fileExists(atPath: places.recordPath) }

    func readRecord() -> Record {
        guard let data = FileManager.default.contents(atPath: places.recordPath) else { return Record() }
        return (try? JSONDecoder().decode(Record.self, from: data)) ?? Record()
    }

    private func writeRecord(_ record: Record, into report: inout Report) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(record), to: places.recordPath, replacing: true)
        } catch {
            report.problems.append("Couldn't write \(places.recordPath), which uninstall needs: \(error)")
        }
    }

    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }

    private static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Installing

    /// Writes the plan's files, merges its Thunar actions, applies its GNOME keybindings and
    /// removes what an earlier install wrote that the plan no longer has.
    public func install(_ plan: DesktopPlan) -> Report {
        var report = Report()
        let old = readRecord()
        var record = Record(appEntryWasThere: old.appEntryWasThere)
        let recorded = Dictionary(old.files.map { ($0.path, $0.hash) }, uniquingKeysWith: { first, _ in first })
        for file in plan.files {
            let existing = Self.contents(file.path)
            if let existing, recorded[file.path] == nil {
                if file.path == places.appEntry, existing == DesktopFiles.appEntry(shortcuts: places.executable) {
                    record.appEntryWasThere = true
                } else if existing != file.text {
                    report.problems.append("Left \(file.path) as it is: it was there before and isn't ours (\(file.purpose) is missing)")
                    continue
                }
            } else if let existing, let hash = recorded[file.path], hash != Self.hash(existing), existing != file.text {
                report.problems.append(
                    "Left \(file.path) as it is: it was changed since it was written (\(file.purpose) may be out of date)")
                record.files.append(Record.Written(path: file.path, hash: hash))
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(Data(file.text.utf8), to: file.path, replacing: true, permissions: file.isExecutable ? 0o755 : 0o644)
                if file.isExecutable { chmod(file.path, 0o755) }
            } catch {
                report.problems.append("Couldn't write \(file.path): \(error)")
                continue
            }
            record.files.append(Record.Written(path: file.path, hash: Self.hash(file.text)))
            if existing != file.text { report.done.append("Wrote \(file.path): \(file.purpose)") }
        }
        let kept = Set(record.files.map(\.path))
        for stale in old.files where !kept.contains(stale.path) {
            remove(stale, into: &report)
        }
        record.thunarActions = mergeThunar(plan.thunarActions, removing: old.thunarActions, into: &report)
        record.gnomeBindings = applyGNOME(plan.gnomeBindings, replacing: old.gnomeBindings, into: &report)
        writeRecord(record, into: &report)
        return report
    }

    private func remove(_ file: Record.Written, into report: inout Report) {
        guard let existing = Self.contents(file.path) else { return }
        if file.path == places.appEntry, readRecord().appEntryWasThere {
            do {
                try AtomicFile.write(Data(DesktopFiles.appEntry(shortcuts: places.executable).utf8), to: file.path, replacing: true)
                report.done.append("Put back \(file.path) without the menu-bar shortcuts")
            } catch {
                report.problems.append("Couldn't write \(file.path): \(error)")
            }
            return
        }
        guard Self.hash(existing) == file.hash else {
            report.problems.append("Left \(file.path): it was changed since it was written; remove it yourself if it is no longer wanted")
            return
        }
        if unlink(file.path) == 0 {
            report.done.append("Removed \(file.path)")
        } else {
            report.problems.append("Couldn't remove \(file.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Replaces this program's actions in Thunar's `uca.xml`, keeping the user's; returns the ids now there.
    private func mergeThunar(_ actions: [String], removing old: [String], into report: inout Report) -> [String] {
        let path = places.thunarActions
        let existing = Self.contents(path)
        guard existing != nil || !actions.isEmpty else { return [] }
        let empty = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<actions>\n</actions>\n"
        var text = existing ?? empty
        guard let close = text.range(of: "</actions>", options: .backwards) else {
            report.problems.append("Left \(path) as it is: it has no <actions> element, so Thunar's Quick Actions weren't added")
            return old
        }
        var kept = String(text[..<close.lowerBound])
        let tail = String(text[close.lowerBound...])
        kept = Self.removingOwnActions(from: kept)
        text = kept + actions.joined() + tail
        guard text != existing else { return Self.thunarIDs(in: actions) }
        if text == empty {
            // Only this program's actions were there: the file goes as it came.
            if unlink(path) == 0 { report.done.append("Removed \(path)") }
            return []
        }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(Data(text.utf8), to: path, replacing: true)
            report.done.append("Updated \(path): \(actions.count) Quick Action(s) in Thunar's menu")
        } catch {
            report.problems.append("Couldn't write \(path): \(error)")
            return old
        }
        return Self.thunarIDs(in: actions)
    }

    /// The text without the `<action>` elements whose `unique-id` is this program's.
    static func removingOwnActions(from text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "<action>") {
            guard let end = rest[start.upperBound...].range(of: "</action>") else { break }
            let element = rest[start.lowerBound..<end.upperBound]
            result += rest[..<start.lowerBound]
            if !element.contains("<unique-id>\(DesktopFiles.thunarPrefix)") {
                result += element
            } else if rest[end.upperBound...].hasPrefix("\n") {
                rest = rest[rest.index(after: end.upperBound)...]
                continue
            }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    static func thunarIDs(in actions: [String]) -> [String] {
        actions.compactMap { action in
            guard let start = action.range(of: "<unique-id>"), let end = action.range(of: "</unique-id>") else { return nil }
            return String(action[start.upperBound..<end.lowerBound])
        }
    }

    /// Sets this program's GNOME keybindings, keeping the user's; a key another entry has is
    /// reported, not taken. Returns the paths now there.
    private func applyGNOME(_ bindings: [DesktopPlan.GNOMEBinding], replacing old: [String], into report: inout Report) -> [String] {
        guard !bindings.isEmpty || !old.isEmpty else { return [] }
        let settings = GNOMEKeybindings(environment: places.environment)
        do {
            let listed = try settings.paths()
            let others = listed.filter { !$0.hasPrefix(GNOMEKeybindings.ownPrefix) }
            var taken: [String: String] = [:]
            for path in others {
                let entry = try settings.entry(path)
                taken[entry.binding] = entry.name
            }
            var own: [String] = []
            for binding in bindings {
                if let holder = taken[binding.binding] {
                    report.problems.append(
                        "\(binding.trigger) is already GNOME's shortcut for “\(holder)”, so “\(binding.name)” has no keyboard shortcut; pick another with `shortcuts set \"\(binding.name)\" --keyboard-shortcut …`"
                    )
                    continue
                }
                try settings.set(binding)
                own.append(binding.path)
                report.done.append("Set GNOME's keyboard shortcut \(binding.binding) for “\(binding.name)”")
            }
            for path in listed where path.hasPrefix(GNOMEKeybindings.ownPrefix) && !own.contains(path) {
                try settings.reset(path)
                report.done.append("Removed GNOME's keyboard shortcut for \(path)")
            }
            let wanted = others + own
            if wanted.isEmpty, !listed.isEmpty {
                try settings.resetPaths()
            } else if wanted != listed {
                try settings.setPaths(wanted)
            }
            return own
        } catch {
            report.problems.append("GNOME's keyboard shortcuts weren't changed: \(error)")
            return old
        }
    }

    // MARK: Uninstalling

    /// Removes everything the last install wrote.
    public func uninstall() -> Report {
        var report = Report()
        let record = readRecord()
        for file in record.files { remove(file, into: &report) }
        if !record.thunarActions.isEmpty { _ = mergeThunar([], removing: record.thunarActions, into: &report) }
        if !record.gnomeBindings.isEmpty { _ = applyGNOME([], replacing: record.gnomeBindings, into: &report) }
        if isInstalled, report.problems.isEmpty {
            unlink(places.recordPath)
        } else if isInstalled {
            writeRecord(Record(files: record.files.filter { FileManager.default.fileExists(atPath: $0.path) }), into: &report)
        }
        if report.done.isEmpty, report.problems.isEmpty {
            report.done.append("Nothing to remove: `shortcuts desktop install` wrote nothing here")
        }
        return report
    }

    // MARK: Status

    /// Whether what the plan wants is what is there: the files missing or out of date.
    public func outOfDate(_ plan: DesktopPlan) -> [String] {
        let record = readRecord()
        let recorded = Set(record.files.map(\.path))
        var stale = plan.files.filter { Self.contents($0.path) != $0.text }.map(\.path)
        stale += recorded.subtracting(plan.files.map(\.path)).sorted()
        return stale
    }
}
