// Adds user words and a stem, analyses with them, and joins morphemes back
// into text. Usage: dotnet run -- [model.kmam|-]
using System;
using Kma;

using Model model = args.Length > 0 && args[0] != "-" ? Model.Open(args[0]) : Model.OpenDefault();
using var dict = new UserDictionary(model)
    .AddWord("뉴진스", "NNP")
    .AddWord("카카오뱅크", "NNP")
    .AddStem("힙하", "VA");
using Model withDict = model.WithUserDictionary(dict);
using var analyzer = new Analyzer(withDict);
foreach (string text in new[] { "뉴진스가 카카오뱅크 광고에 나왔다.", "옷이 힙해서 샀다." })
    Console.WriteLine(analyzer.Analyze(text).Best);
using var joiner = new Joiner(model);
Console.WriteLine(joiner.Join("돕/VV 아/EC 주/VX 었/EP 어요/EF"));
