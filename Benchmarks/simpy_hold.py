"""The classic hold model in SimPy, the side-by-side anchor for `make bench` (docs/performance.md).

N processes each wait an exponential time and wait again: at any moment N events are
pending; each step pops the earliest and schedules one more. Prints events per second.
Usage: simpy_hold.py N EVENTS
"""
import random, sys, time
import simpy

def main(n, events):
    env = simpy.Environment()
    rng = random.Random(42)
    count = [0]

    def holder():
        while True:
            yield env.timeout(rng.expovariate(1.0))
            count[0] += 1

    for _ in range(n):
        env.process(holder())
    t0 = time.perf_counter()
    while count[0] < events:
        env.step()
    dt = time.perf_counter() - t0
    print(f"simpy-hold n={n} events_per_s={int(count[0] / dt)}")

if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
