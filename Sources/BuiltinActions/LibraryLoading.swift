import Foundation
import ShortcutsContent
import ShortcutsEngine

/// What the C loaders of the media libraries share with the actions: their messages, written
/// into a buffer, and loading a library or failing with what it said (naming the package).
enum LibraryLoading {
    /// The text a C function wrote into `buffer`, up to its first NUL.
    static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls a loader (`svips_load`, `sarc_load`…); throws what it said when it fails.
    static func load(_ loader: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ActionFailure) {
        var reason = [CChar](repeating: 0, count: 256)
        guard loader(&reason, reason.count) == 0 else { throw ActionFailure(message(reason)) }
    }

    /// The name of one of `count` parts made from a file, numbered from 1 with as many digits as
    /// the last (`Scan 01` … `Scan 12`), so they sort in order.
    static func numberedName(_ base: String, _ index: Int, of count: Int) -> String {
        let number = String(index + 1)
        return base + " " + String(repeating: "0", count: max(String(count).count - number.count, 0)) + number
    }
}

extension RunContext {
    /// The first of `names` on the run's PATH, with its name.
    func tool(_ names: [String]) -> (name: String, path: String)? {
        names.lazy.compactMap { name in ProcessRunner.find(name, path: self.environment.variables["PATH"]).map { (name, $0) } }.first
    }

    /// A new folder of the run's cache (`$XDG_CACHE_HOME/shortcuts/PURPOSE-XXXXXXXX`) for one
    /// action's own files: what a program reads and writes for it. The action removes it when done.
    func scratchFolder(_ purpose: String) throws -> String {
        let folder = UserFolders.cacheHome(in: environment.variables) + "/shortcuts/\(purpose)-" + UUID().uuidString.prefix(8)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make a folder for the action's files in \(folder): \(error.localizedDescription)")
        }
        return folder
    }

    /// A whole number from a parameter, `fallback` when it is empty, refused outside `range`.
    func wholeNumber(_ expression: ParameterExpression, parameter: String, in range: ClosedRange<Int>, default fallback: Int, what: String)
        throws -> Int
    {
        let value = try number(expression, parameter: parameter) ?? Double(fallback)
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw ActionFailure("\(what) is \(range.lowerBound) to \(range.upperBound), not \(value.formatted())", parameter: parameter)
        }
        return Int(value)
    }

    /// A number from a parameter kept within `range` (a slider's value), `fallback` when it is
    /// empty; one that isn't a finite number is refused, naming the parameter.
    func boundedNumber(_ expression: ParameterExpression, parameter: String, in range: ClosedRange<Double>, default fallback: Double?)
        throws -> Double?
    {
        guard let value = try number(expression, parameter: parameter) ?? fallback else { return nil }
        guard value.isFinite else {
            throw ActionFailure(
                "expected a number from \(NumberText.format(range.lowerBound)) to \(NumberText.format(range.upperBound)), got \(NumberText.format(value))",
                parameter: parameter)
        }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}
