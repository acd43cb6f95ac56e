import Foundation

/// libFuzzer's documented C entry point, in its runtime (`-sanitize=fuzzer` links it).
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Starts libFuzzer from a Swift `main`: SwiftPM names each executable's entry point itself, so
/// libFuzzer's own `main` cannot be used, and its driver is called instead.
public enum FuzzDriver {
    /// Runs libFuzzer with the program's arguments, calling `target` with each input.
    /// - Parameter target: the fuzz target; it returns 0.
    /// - Returns: libFuzzer's exit status.
    public static func run(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return runDriver(&argc, &argv, target)
    }
}
