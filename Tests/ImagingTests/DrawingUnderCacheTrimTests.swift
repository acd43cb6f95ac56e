import Dispatch
import Foundation
import Imaging
import Locking
import TestSupport
import Testing

/// Drawing changes an image in place, which makes libvips signal every operation that read the
/// image. When the draws were kept in libvips' operation cache, another thread trimming the cache
/// could free one while the next draw's signal was on its way to it: a crash (met in the
/// recorder's tests, whose test pattern draws its frame counter while recorded frames drop the
/// cache). Before the fix this test crashed in 2 of 2 runs of 4,000 rounds, 1 of 4 of 600; it runs
/// 1,500 (it was 3,000: the second thread trims without pause, so each round costs both cores in
/// a suite that must stay within its time). Its rounds run off the cooperative pool: they take
/// seconds, and the rest of the suite needs the pool.
@Suite("Drawing while the cache is trimmed")
struct DrawingUnderCacheTrimTests {
    @Test func drawingWhileAnotherThreadDropsTheCacheNeitherCrashesNorLosesARectangle() async throws {
        let base = try Image.solid(width: 64, height: 48, value: [10, 20, 30])
        let failures = await offPool { Self.drawWhileTrimming(on: base, rounds: 1500) }
        #expect(failures == [])
    }

    /// Draws `rounds` times on copies of `base` while a second thread drops the cache; what went wrong.
    static func drawWhileTrimming(on base: Image, rounds: Int) -> [String] {
        let rectangles = (0..<12).map { (x: $0 * 5, y: $0 % 4 * 10, width: 4, height: 8) }
        let drawing = Locked(true)
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 1 {
                var pause: UInt32 = 0
                while drawing.withLock({ $0 }) {
                    ImagingDiagnostics.dropOperationCache()
                    // At every phase of the other thread's draws, not only right after each.
                    pause = (pause + 7) % 41
                    usleep(pause)
                }
                return
            }
            defer { drawing.withLock { $0 = false } }
            for round in 0..<rounds {
                do {
                    let drawn = try base.drawingRectangles(rectangles, color: [255, 255, Double(round % 256)])
                    let pixels = try drawn.pixels()
                    // Every rectangle's corner has the ink, and a pixel outside them keeps the base colour.
                    for rectangle in rectangles where pixels[rectangle.x, rectangle.y, 0] != 255 {
                        failures.withLock { $0.append("round \(round): no ink at \(rectangle)") }
                    }
                    if pixels[63, 47, 0] != 10 { failures.withLock { $0.append("round \(round): ink outside") } }
                } catch {
                    failures.withLock { $0.append("round \(round): \(error)") }
                }
            }
        }
        return failures.withLock { $0 }
    }
}
