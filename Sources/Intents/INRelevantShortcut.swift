import Foundation
import ShortcutsContent

/// Something Shortcuts can run: an intent, or an activity of the app (SiriKit's).
public enum INShortcut {
    case intent(INIntent)
    case userActivity(NSUserActivity)

    /// A shortcut that performs an intent.
    public init?(intent: INIntent) { self = .intent(intent) }

    /// A shortcut that continues an activity in the app.
    public init(userActivity: NSUserActivity) { self = .userActivity(userActivity) }

    public var intent: INIntent? {
        if case .intent(let intent) = self { return intent }
        return nil
    }

    public var userActivity: NSUserActivity? {
        if case .userActivity(let activity) = self { return activity }
        return nil
    }
}

/// A shortcut the app says is worth offering at some times (SiriKit's, for the Siri watch face
/// and suggestions). Here the store keeps it as a suggestion of the app, with when it is relevant.
open class INRelevantShortcut: NSObject {
    public let shortcut: INShortcut
    /// When it is relevant; none means at any time.
    open var relevanceProviders: [INRelevanceProvider] = []
    open var shortcutRole: INRelevantShortcutRole = .action
    /// How a watch face would show it; kept, drawn by nothing here.
    open var watchTemplate: INDefaultCardTemplate?

    public init(shortcut: INShortcut) {
        self.shortcut = shortcut
        super.init()
    }
}

/// Whether a relevant shortcut does something or shows something.
public enum INRelevantShortcutRole: Int, Sendable {
    case action = 0
    case information = 1
}

/// A card's title, subtitle and image.
open class INDefaultCardTemplate: NSObject {
    open var title: String
    open var subtitle: String?
    open var image: INImage?

    public init(title: String) {
        self.title = title
        super.init()
    }
}

/// When a relevant shortcut is worth offering.
open class INRelevanceProvider: NSObject {
    /// The time or place, as people read it ("in the morning").
    var relevance: String { "at any time" }
}

/// Between two moments.
open class INDateRelevanceProvider: INRelevanceProvider {
    public let startDate: Date
    public let endDate: Date?

    public init(start startDate: Date, end endDate: Date?) {
        self.startDate = startDate
        self.endDate = endDate
        super.init()
    }

    override var relevance: String {
        let format = ISO8601DateFormatter()
        return "from \(format.string(from: startDate))" + (endDate.map { " to \(format.string(from: $0))" } ?? "")
    }
}

/// In a place.
open class INLocationRelevanceProvider: INRelevanceProvider {
    public let region: CLRegion

    public init(region: CLRegion) {
        self.region = region
        super.init()
    }

    override var relevance: String {
        guard let circle = region as? CLCircularRegion else { return "at \(region.identifier)" }
        return "within \(Int(circle.radius.rounded())) m of \(circle.center.latitude),\(circle.center.longitude)"
    }
}

/// The times of a person's day.
public enum INDailyRoutineSituation: Int, Sendable {
    case morning = 0, evening, home, work, school, gym, commute, heartRateAlert, physicalActivityIncomplete
}

/// At a time of the person's day.
open class INDailyRoutineRelevanceProvider: INRelevanceProvider {
    public let situation: INDailyRoutineSituation

    public init(situation: INDailyRoutineSituation) {
        self.situation = situation
        super.init()
    }

    override var relevance: String {
        switch situation {
        case .morning: "in the morning"
        case .evening: "in the evening"
        case .home: "at home"
        case .work: "at work"
        case .school: "at school"
        case .gym: "at the gym"
        case .commute: "on the commute"
        case .heartRateAlert: "on a heart rate alert"
        case .physicalActivityIncomplete: "when the day's activity is incomplete"
        }
    }
}

/// The app's relevant shortcuts (SiriKit's), kept as suggestions of the app: each call replaces
/// the ones set before. `shortcuts actions --suggested` lists them with when they are relevant.
open class INRelevantShortcutStore: NSObject, @unchecked Sendable {
    // Unchecked: it has no state of its own; the store's file is locked while it changes.
    public static let `default` = INRelevantShortcutStore()

    open func setRelevantShortcuts(_ shortcuts: [INRelevantShortcut], completionHandler: ((Error?) -> Void)? = nil) {
        do {
            let app = try INCurrentApp.required()
            let donations = try shortcuts.map { relevant -> Donation in
                var donation = try app.donation(of: relevant.shortcut)
                donation.kind = .relevant
                donation.relevance = relevant.relevanceProviders.isEmpty ? ["at any time"] : relevant.relevanceProviders.map(\.relevance)
                return donation
            }
            try DonationStore(home: ShortcutsHome.path()).replace(
                bundleIdentifier: app.bundleIdentifier, removing: { $0.kind == .relevant }, adding: donations)
            completionHandler?(nil)
        } catch {
            completionHandler?(error)
        }
    }

    open func setRelevantShortcuts(_ shortcuts: [INRelevantShortcut]) async throws {
        var failure: (any Error)?
        setRelevantShortcuts(shortcuts) { failure = $0 }
        if let failure { throw failure }
    }
}

/// A shortcut the person added to Siri with a phrase (SiriKit's). Linux has no Siri: none is ever
/// added, so the center never gives one; the person's own shortcuts are found by name
/// (`shortcuts ask`, the desktop's search) instead.
open class INVoiceShortcut: NSObject, @unchecked Sendable {
    // Unchecked: its properties are constants.
    public let identifier: UUID
    public let invocationPhrase: String
    public let shortcut: INShortcut

    init(identifier: UUID, invocationPhrase: String, shortcut: INShortcut) {
        self.identifier = identifier
        self.invocationPhrase = invocationPhrase
        self.shortcut = shortcut
        super.init()
    }
}

/// The person's voice shortcuts for the app and the app's suggestions of shortcuts to add
/// (SiriKit's). The suggestions are kept as the app's suggestions (`shortcuts actions
/// --suggested` lists them, "suggested to add"), each call replacing the ones before; there are no
/// voice shortcuts on Linux, so the lists of them are empty.
open class INVoiceShortcutCenter: NSObject, @unchecked Sendable {
    // Unchecked: it has no state of its own; the store's file is locked while it changes.
    public static let shared = INVoiceShortcutCenter()

    /// The voice shortcuts added for the app: none, as Linux has no Siri to add them to.
    open func getAllVoiceShortcuts(completion completionHandler: @escaping @Sendable ([INVoiceShortcut]?, (any Error)?) -> Void) {
        completionHandler([], nil)
    }

    open func allVoiceShortcuts() async throws -> [INVoiceShortcut] { [] }

    /// A voice shortcut by identifier: none exists, so the answer is an error saying so.
    open func getVoiceShortcut(
        with identifier: UUID, completion completionHandler: @escaping @Sendable (INVoiceShortcut?, (any Error)?) -> Void
    ) {
        completionHandler(nil, INDonationError(description: "no voice shortcut \(identifier.uuidString): Linux has no Siri to add one to"))
    }

    open func voiceShortcut(with identifier: UUID) async throws -> INVoiceShortcut {
        throw INDonationError(description: "no voice shortcut \(identifier.uuidString): Linux has no Siri to add one to")
    }

    /// Replaces the app's suggestions of shortcuts to add (an empty list removes them).
    open func setShortcutSuggestions(_ suggestions: [INShortcut]) {
        guard let app = try? INCurrentApp.required() else { return }
        let donations = suggestions.compactMap { shortcut -> Donation? in
            guard var donation = try? app.donation(of: shortcut) else { return nil }
            donation.kind = .suggested
            return donation
        }
        try? DonationStore(home: ShortcutsHome.path()).replace(
            bundleIdentifier: app.bundleIdentifier, removing: { $0.kind == .suggested }, adding: donations)
    }
}
