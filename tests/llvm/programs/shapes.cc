// Virtual calls, templates and lambdas: remarks of inlining (devirtualized and not), of loops over
// template containers, and of lambdas passed to a template algorithm.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace shapes {

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};

struct Square final : Shape {
  explicit Square(double side) : side(side) {}
  double area() const override { return side * side; }
  double side;
};

struct Circle : Shape {
  explicit Circle(double radius) : radius(radius) {}
  double area() const override { return 3.14159 * radius * radius; }
  double radius;
};

template <typename T, typename F>
T fold(const std::vector<T>& values, T start, F step) {
  for (const T& value : values) start = step(start, value);
  return start;
}

template <typename T>
struct Accumulator {
  T total{};
  void add(T value) { total += value; }
};

}  // namespace shapes

int main(int argc, char** argv) {
  int count = argc > 1 ? std::atoi(argv[1]) : 1000;
  std::vector<std::unique_ptr<shapes::Shape>> all;
  for (int i = 0; i < count; ++i) {
    if (i % 3 == 0)
      all.push_back(std::make_unique<shapes::Circle>(i * 0.5));
    else
      all.push_back(std::make_unique<shapes::Square>(i * 0.25));
  }
  double total = 0;
  for (const auto& shape : all) total += shape->area();  // a virtual call
  shapes::Square square(2.0);
  const shapes::Shape& known = square;
  total += known.area();  // devirtualizable
  std::vector<int> numbers(count);
  for (int i = 0; i < count; ++i) numbers[i] = i * 7 % 13;
  int scale = argc;
  long sum = shapes::fold<long>(std::vector<long>(numbers.begin(), numbers.end()), 0L,
                                [scale](long a, long b) { return a + b * scale; });
  shapes::Accumulator<double> acc;
  for (int n : numbers) acc.add(n * 0.5);
  std::printf("%f %ld %f\n", total, sum, acc.total);
  return 0;
}
