import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// How much resident memory a piece of code needs at its peak, for tests that bound what a decode may use. On
/// Linux the kernel's high-water mark is reset first (`/proc/self/clear_refs`), so the figure is that code's own
/// peak above the memory resident before it; elsewhere only growth beyond the process's earlier peak is seen.
/// Run it in a child process (an exit test), where nothing else runs at the same time.
public enum PeakMemory {
    /// How far `body` raised resident memory at its peak, in bytes.
    public static func growth(of body: () throws -> Void) rethrows -> Int {
        #if os(Linux)
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = status("VmRSS")
        try body()
        return status("VmHWM") - before
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        let before = Int(usage.ru_maxrss)
        try body()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) - before
        #endif
    }

    /// A `kB` line of `/proc/self/status`, in bytes (0 when unreadable).
    private static func status(_ key: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }
}
