/// Why a run stopped, in one line. ArgumentParser prints it as `Error: …` and exits with status 1,
/// where a `ValidationError` (a command line that does not fit) prints the usage and exits with 64.
struct RunFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
