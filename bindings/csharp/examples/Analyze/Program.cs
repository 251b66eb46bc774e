// Usage: dotnet run -- [model.kmam|-] ["text to analyze"]
// Without a model (or with "-") Model.OpenDefault() finds one: $KMA_MODEL,
// the copy the NuGet package puts next to the app, or the installed one.
using System;
using Kma;

using Model model = args.Length > 0 && args[0] != "-" ? Model.Open(args[0]) : Model.OpenDefault();
using var analyzer = new Analyzer(model, new AnalyzerOptions { TopN = 2 });
string text = args.Length > 1 ? args[1] : "아버지가 방에 들어가신다.";
AnalysisResult result = analyzer.Analyze(text);
foreach (Analysis analysis in result.Analyses)
{
    Console.WriteLine($"score {analysis.Score:F2}");
    foreach (Token t in analysis.Tokens)
        Console.WriteLine($"  {t.Form}/{t.Tag}\t[{t.Begin},{t.End}) \"{text.Substring(t.Begin, t.Length)}\"");
}
