import Foundation
import RecorderKit

func recorderWithinBudget(clips: URL) throws -> EventRecorder {
    var configuration = RecorderConfiguration(outputDirectory: clips)
    configuration.storageBudget = StorageBudget(
        maximumBytes: 2_000_000_000, minimumFreeBytes: 500_000_000, protection: .newest(20))
    let recorder = try EventRecorder(configuration: configuration)
    Task {
        for await purge in recorder.storagePurges() {
            print("deleted \(purge.removed.count) clip(s); \(purge.usedBytes) of \(purge.limitBytes) bytes used")
        }
    }
    return recorder
}
