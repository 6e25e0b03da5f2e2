import Foundation
import ShortcutsContent
import ShortcutsRPC

/// What an app is handed when `shortcuts` opens it to continue an intent, as a user activity is on
/// Apple's systems: a `.foreground` intent, or a result that opens the app.
///
/// The host starts the app with `--continue-intent <file>`; the file is this value as JSON (see
/// docs/EXTENSION-PROTOCOL.md). ``IntentsApplication/continueInApp(_:)`` receives it.
public struct IntentContinuation: Codable, Sendable {
    /// The version of this JSON form.
    public var formatVersion: Int
    public var bundleIdentifier: String
    /// The intent's type name, e.g. `OpenTaskIntent`.
    public var intent: String
    /// The values it ran with, by parameter name.
    public var parameters: [String: Content]
    /// What it returned: the value and dialog.
    public var result: ExtensionProtocol.PerformResult

    /// The highest `formatVersion` this module reads.
    public static let supportedFormatVersion = 1

    /// Reads a continuation file, refusing a newer format by name.
    public static func read(from path: String) throws -> IntentContinuation {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let continuation = try JSONDecoder().decode(IntentContinuation.self, from: data)
        guard continuation.formatVersion <= supportedFormatVersion else {
            throw AppIntentContinuationError(
                message: "\(path) is a continuation of format \(continuation.formatVersion); this app reads up to \(supportedFormatVersion)"
            )
        }
        return continuation
    }
}

/// A continuation file that can't be used.
struct AppIntentContinuationError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
