import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The default microphone being recorded into a 16-bit mono WAV file of the run's cache, by
/// the sound server's own recorder (pw-record, parecord or arecord), until ``stop()``. Record
/// Audio and Dictate Text both listen through it.
package final class AudioRecording {
    package let path: String
    package let recorder: String
    private let program: any RunningProgram

    package init(rate: Int, run: RunContext) throws {
        guard let found = run.tool(["pw-record", "parecord", "arecord"]) else {
            throw ActionFailure(
                "no recorder found: install pipewire-bin (pw-record), pulseaudio-utils (parecord) or alsa-utils (arecord)")
        }
        recorder = found.name
        let folder = UserFolders.cacheHome(in: run.environment.variables) + "/shortcuts/recordings"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/Recording \(UUID().uuidString.prefix(8)).wav"
        let arguments: [String] =
            switch found.name {
            case "pw-record": ["--rate", String(rate), "--channels", "1", "--format", "s16", path]
            case "parecord": ["--rate=\(rate)", "--channels=1", "--format=s16le", "--file-format=wav", path]
            default: ["-q", "-f", "S16_LE", "-r", String(rate), "-c", "1", "-t", "wav", path]
            }
        program = try run.startProgram(found.path, arguments: arguments, environment: run.environment.variables)
    }

    /// Whether the recorder is still recording.
    package var isRunning: Bool { program.isRunning }

    /// Ends the recording (each recorder finishes its file on SIGINT).
    package func stop() { program.stop() }

    /// The samples recorded so far past `offset` bytes of the file's data, and the new offset.
    package func samples(after offset: Int) -> (samples: [Int16], offset: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return ([], offset) }
        defer { try? handle.close() }
        let header = 44
        try? handle.seek(toOffset: UInt64(header + offset))
        let data = (try? handle.readToEnd()) ?? Data()
        let usable = data.count - data.count % 2
        let samples = data.prefix(usable).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return (samples.map { Int16(littleEndian: $0) }, offset + usable)
    }
}
