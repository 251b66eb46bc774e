// A console app that gets kma from a NuGet feed only: the package brings the
// native library and copies the default model next to the app.
using System;
using System.Text;
using Kma;

Console.OutputEncoding = Encoding.UTF8;  // whatever the locale (the test runs without LANG)
using Model model = Model.OpenDefault();
using var analyzer = new Analyzer(model);
Console.WriteLine(analyzer.Analyze("아버지가방에들어가신다").Best);
using var pool = new AnalyzerPool(model, threads: 2);
foreach (BatchResult r in pool.AnalyzeMany(new[] { "밥", "\uD800" }))
    Console.WriteLine("batch: " + (r.Success ? r.Result.Best.ToString() : $"error at {r.Error!.Offset}"));
Console.WriteLine(Environment.Version.Major >= 8 ? $"runtime {Environment.Version.Major}" : "old runtime");
