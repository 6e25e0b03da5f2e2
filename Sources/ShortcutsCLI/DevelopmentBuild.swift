import Foundation
import ShortcutsRPC

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcuts` run from a package's build folder (`swift run shortcuts …`), where SwiftPM
/// builds only the product asked for: the other programs a command starts (`shortcutsd`) are
/// built on first need, as `swift build --product` would, instead of failing.
///
/// An installed `shortcuts` has its programs beside it and never gets here.
enum DevelopmentBuild {
    /// The package and configuration this program was built in, when it runs from
    /// `<package>/.build/<triple>/<configuration>/` (or `.build/<configuration>/`).
    static func current() -> (package: String, configuration: String)? {
        guard let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var folder = (own as NSString).deletingLastPathComponent
        let configuration = (folder as NSString).lastPathComponent
        guard configuration == "debug" || configuration == "release" else { return nil }
        while folder != "/" {
            folder = (folder as NSString).deletingLastPathComponent
            if (folder as NSString).lastPathComponent == ".build" {
                let package = (folder as NSString).deletingLastPathComponent
                guard FileManager.default.fileExists(atPath: package + "/Package.swift") else { return nil }
                return (package, configuration)
            }
        }
        return nil
    }

    /// Says, on standard error, that files just written (`what`) start programs in a build
    /// folder, which a clean or another build breaks, and how to install instead. Says nothing
    /// for an installed program.
    static func warnAboutBuildFolderPaths(in what: String) {
        guard let (package, _) = current() else { return }
        Console.err(
            "Note: \(what) start programs in \(package)/.build, which `swift package clean` removes; "
                + "install with \(package)/Scripts/install and run this again from the installed shortcuts to point them there.\n")
    }

    /// Builds `product` beside this program when it is missing and this program runs from a
    /// build folder; says so on standard error. Does nothing otherwise.
    ///
    /// - Throws: ``CommandFailure`` when `swift build` fails.
    static func buildIfMissing(_ product: String, environment: [String: String]) throws {
        guard let (package, configuration) = current() else { return }
        Console.err("\(product) isn't built yet; building it: swift build -c \(configuration) --product \(product)\n")
        let pid: pid_t
        do {
            pid = try ProcessSpawn.launch(
                "/usr/bin/env", arguments: ["swift", "build", "-c", configuration, "--product", product, "--package-path", package],
                environment: environment, streams: (.null, .descriptor(2), .inherited))
        } catch {
            throw CommandFailure("Couldn't run swift build to build \(product): \(error)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            throw CommandFailure(
                "swift build --product \(product) failed (see above); build it yourself with: swift build --product \(product)")
        }
    }
}
