import Foundation
import ShortcutsEngine

/// A plain GET for front ends that fetch files (iCloud links), through the web actions' libcurl.
public enum HTTPFetch {
    /// Fetches a URL, following redirects, and returns the final status and body.
    ///
    /// - Throws: ``HTTPFetchError`` when no response arrives (no connection, timeout, bad TLS).
    public static func get(_ url: URL, timeout: TimeInterval) throws(HTTPFetchError) -> (status: Int, body: Data) {
        do {
            let response = try CurlTransport().send(HTTPRequest(url: url), timeout: timeout, limit: 0, cancellation: nil)
            return (response.status, response.body)
        } catch {
            throw HTTPFetchError(message: error.message)
        }
    }
}

/// Why a fetch got no response.
public struct HTTPFetchError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
