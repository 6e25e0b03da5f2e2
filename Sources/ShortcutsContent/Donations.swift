import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An action an app donated: something the person just did in it, which Shortcuts offers as a
/// suggestion with the same values (App Intents' `IntentDonationManager`, SiriKit's
/// `INInteraction.donate`). `shortcuts actions --suggested` lists them.
public struct Donation: Codable, Sendable, Equatable {
    public var identifier: String
    public var date: Date
    public var bundleIdentifier: String
    /// The action's identifier, `<bundle id>.<intent>`.
    public var action: String
    /// The action's title, as its app names it.
    public var title: String
    /// The parameters' values, by parameter.
    public var parameters: [String: Content]
    /// The entities among the values, as `<type>/<identifier>`, for deleting donations about one.
    public var entityIdentifiers: [String]
    /// The result's value and dialog, when the donation came with a result.
    public var value: Content?
    public var dialog: String?
    /// SiriKit's `INInteraction.groupIdentifier`.
    public var groupIdentifier: String?
    /// What kind of suggestion it is; nil for an action the person did.
    public var kind: Kind?
    /// When it is relevant, as people read it ("in the morning"), for relevant shortcuts.
    public var relevance: [String]?

    /// The kinds of suggestion besides an action the person did; a kind a later version writes
    /// reads as itself and is listed.
    public struct Kind: RawRepresentable, Codable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An app's relevant shortcut (SiriKit's `INRelevantShortcutStore`), for the times it names.
        public static let relevant = Kind(rawValue: "relevant")
        /// Something the person looked at in the app (a user activity eligible for prediction).
        public static let activity = Kind(rawValue: "activity")
        /// A shortcut the app suggests the person add (SiriKit's `setShortcutSuggestions`).
        public static let suggested = Kind(rawValue: "suggested")
    }

    public init(
        identifier: String = UUID().uuidString, date: Date = Date(), bundleIdentifier: String, action: String, title: String,
        parameters: [String: Content], value: Content? = nil, dialog: String? = nil, groupIdentifier: String? = nil
    ) {
        self.identifier = identifier
        self.date = date
        self.bundleIdentifier = bundleIdentifier
        self.action = action
        self.title = title
        self.parameters = parameters
        entityIdentifiers = parameters.keys.sorted().flatMap { name in
            (parameters[name]?.items ?? []).compactMap { item in
                if case .entity(let entity) = item { return "\(entity.typeName)/\(entity.identifier)" }
                return nil
            }
        }
        self.value = value
        self.dialog = dialog
        self.groupIdentifier = groupIdentifier
    }
}

/// The donations, one file per app: `$SHORTCUTS_HOME/Donations/<bundle id>.json`
/// (`{"formatVersion": 1, "donations": […]}`), the newest ``limit`` of each kind kept. An app's
/// process and its extension may donate at once: each change holds the app's lock file while it
/// reads and rewrites the file, which is replaced in one step. A file this version can't read is
/// left as it is and the change refused, naming it, so nothing in it is lost.
public struct DonationStore: Sendable {
    /// The folder the donations are in.
    public let folder: String
    /// How many donations of one app are kept.
    public static let limit = 100

    /// A problem reading or writing donations, naming the file.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(home: String) { folder = home + "/Donations" }

    /// Records a donation, dropping the app's oldest of its kind past ``limit``.
    public func donate(_ donation: Donation) throws(Failure) {
        try replace(bundleIdentifier: donation.bundleIdentifier, removing: { _ in false }, adding: [donation])
    }

    /// Removes the app's donations that `removing` selects and records others, in one change:
    /// a relevant shortcut set replaces the ones before, or none of it happens.
    public func replace(bundleIdentifier: String, removing: (Donation) -> Bool, adding: [Donation]) throws(Failure) {
        try change(bundleIdentifier) { donations in
            donations.removeAll(where: removing)
            donations += adding
            // Each kind keeps its newest: many actions done don't push an app's relevant shortcuts out.
            var kept: [Donation.Kind?: Int] = [:]
            donations = donations.reversed().filter { donation in
                kept[donation.kind, default: 0] += 1
                return kept[donation.kind, default: 0] <= Self.limit
            }.reversed()
        }
    }

    /// Removes the app's donations that `matching` selects; gives their identifiers.
    @discardableResult
    public func delete(bundleIdentifier: String, where matching: (Donation) -> Bool) throws(Failure) -> [String] {
        var removed: [String] = []
        try change(bundleIdentifier) { donations in
            removed = donations.filter(matching).map(\.identifier)
            donations.removeAll(where: matching)
        }
        return removed
    }

    /// An app's donations, or every app's, the newest first.
    public func donations(bundleIdentifier: String? = nil) -> [Donation] {
        let names: [String]
        if let bundleIdentifier {
            guard Self.isBundleIdentifier(bundleIdentifier) else { return [] }
            names = [bundleIdentifier + ".json"]
        } else {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".json") && !$0.hasPrefix(".")
            }
        }
        // A file is in the order donations came; dates are kept to the second, so within one the later place wins.
        let found = names.flatMap { ((try? read(folder + "/" + $0)) ?? []).enumerated().map { ($0.offset, $0.element) } }
        return found.sorted { $0.1.date != $1.1.date ? $0.1.date > $1.1.date : $0.0 > $1.0 }.map(\.1)
    }

    // MARK: Files

    /// The file as the version writes it.
    private struct File: Codable {
        var formatVersion: Int
        var donations: [Donation]
    }

    private static func isBundleIdentifier(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("/") && !text.hasPrefix(".")
    }

    /// A file's donations: none when there is no file (or a link planted in its place, which is
    /// not followed); an error for one this version can't read.
    private func read(_ path: String) throws(Failure) -> [Donation] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ELOOP { return [] }
            throw Failure(description: "can't read \(path): \(String(cString: strerror(errno)))")
        }
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        guard let file = try? Self.decoder.decode(File.self, from: data), file.formatVersion <= 1 else {
            throw Failure(description: "\(path) isn't a donations file this version of shortcuts reads; it was left as it is")
        }
        return file.donations
    }

    private func change(_ bundleIdentifier: String, _ body: (inout [Donation]) -> Void) throws(Failure) {
        guard Self.isBundleIdentifier(bundleIdentifier) else {
            throw Failure(description: "“\(bundleIdentifier)” is not a bundle identifier")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "can't create \(folder): \(error.localizedDescription)")
        }
        let lockPath = folder + "/.\(bundleIdentifier).lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw Failure(description: "can't open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(description: "can't lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        let path = folder + "/" + bundleIdentifier + ".json"
        var donations = try read(path)
        body(&donations)
        do {
            try AtomicWrite.write(try Self.encoder.encode(File(formatVersion: 1, donations: donations)), to: path)
        } catch let failure as AtomicWrite.Failure {
            throw Failure(description: failure.description)
        } catch {
            throw Failure(description: "can't write \(path): \(error)")
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
