import Foundation
import ShortcutsEngine
import Synchronization

/// Ctrl-C, SIGTERM and SIGHUP during a run: the first one cancels the run, which stops at its
/// next action and stops a running script with its whole process group (a script runs in a
/// group of its own, so the terminal's Ctrl-C doesn't reach it); `shortcuts` then exits with
/// 128 + the signal's number. A second one exits at once.
///
/// The handlers are real handlers, not `SIG_IGN`, so the programs a run starts get the
/// signals' default actions.
enum Interruption {
    /// The cancellation every run of this process shares.
    static let cancellation = Cancellation()
    /// The signal that arrived, or 0.
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers; returns the cancellation to run with.
    static func install() -> Cancellation {
        _ = cancellation
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe work here: atomic stores and _exit.
                let (exchanged, _) = Interruption.received.compareExchange(
                    expected: 0, desired: number, ordering: .relaxed)
                guard exchanged else { _exit(128 + number) }
                Interruption.cancellation.cancel()
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
        // A parent may have started this process with them blocked; runs must still stop.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        return cancellation
    }

    /// The exit status for a run that ended because of a signal, or `nil` when none came.
    static var exitStatus: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : 128 + number
    }
}
