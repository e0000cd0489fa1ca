import type { ArticleText } from '#shared/article-languages';

/** The demo articles in European Portuguese, by slug (written as a native speaker would). */
export const DEMO_PORTUGUESE: Record<string, ArticleText> = {
  'vision-guided-bin-picking': {
    title:
      'Recolha de peças a granel guiada por visão atinge 99,2% de sucesso à primeira tentativa',
    excerpt:
      'O nosso novo modelo de planeamento de preensão permite a um braço comum de seis eixos recolher peças metálicas variadas de contentores desarrumados, sem dispositivos de fixação nem programação peça a peça.',
    content: `## O problema dos contentores

A recolha aleatória de peças em contentores é, há duas décadas, um problema persistente nas células de maquinagem. As peças chegam emaranhadas, refletoras e parcialmente escondidas, e um sistema de visão clássico precisa de um modelo CAD e de horas de afinação para cada nova referência.

## O que mudou

O nosso planeador de preensão combina uma câmara de profundidade com um modelo treinado em **cenas sintéticas**: milhões de contentores renderizados, com as posições das peças simuladas fisicamente. No chão de fábrica, propõe pontos de preensão em menos de 180 ms e ordena-os pela probabilidade de a peça sair sem problemas.

Resultados após oito semanas na célula de torneamento de um cliente:

- **99,2%** de sucesso à primeira tentativa em 14 famílias de peças
- tempo de ciclo de 6,1 s por peça, incluindo nova preensão quando necessário
- novas referências adicionadas a partir de um ficheiro CAD em cerca de 20 minutos

## O que vem a seguir

Estamos a alargar o planeador a embalagens moles e deformáveis. Se gere uma célula onde os operadores ainda alimentam as máquinas à mão, [fale-nos dela](/contact).`,
  },
  'predictive-maintenance-that-explains-itself': {
    title: 'Manutenção preditiva que se explica a si própria',
    excerpt:
      'As equipas de manutenção ignoram alarmes que não compreendem. A nossa versão mais recente junta a cada pontuação de anomalia os sinais e o histórico que a justificam.',
    content: `## Porque falham os alertas de caixa negra

Um modelo de vibração que assinala uma bomba com "87% de probabilidade de avaria" não chega. Os técnicos querem saber *porquê* e os planeadores querem saber *quando*. Sem isso, os alarmes acabam silenciados em poucas semanas.

## Explicações incorporadas

A versão 3 do nosso software de monitorização de condição junta três elementos a cada alerta:

1. Os **canais de sensores** que mais pesaram na pontuação, com a respetiva tendência recente
2. **Ocorrências semelhantes no passado** na mesma classe de equipamento e a forma como terminaram
3. Um **intervalo de vida útil restante**, em vez de uma data única

Tudo corre num gateway de edge junto à máquina; apenas os resumos saem da fábrica.

## Na prática

Numa fábrica de embalagens no norte de Portugal, o primeiro mês revelou um rolamento de redutor em degradação seis semanas antes da inspeção programada. O veredicto do responsável de manutenção: "Pela primeira vez consegui mostrar ao planeamento *porque* precisávamos da paragem."

Saiba mais sobre a nossa abordagem na [página de notícias](/news) ou [marque uma demonstração](/contact).`,
  },
  'cobots-small-batch-assembly': {
    title: 'Robôs colaborativos na montagem de pequenos lotes: balanço de seis meses',
    excerpt:
      'Um fabricante de ferragens para mobiliário produz agora 60 variantes numa única célula com um cobot. Eis o que resultou e o que faríamos de outra forma.',
    content: `## A célula

Um braço colaborativo, uma aparafusadora, uma câmara e um tablet. A célula monta subconjuntos de dobradiças em lotes de apenas **doze peças**, lado a lado com dois operadores e sem vedações.

## O que resultou

- **Mudanças de referência por receita**: os operadores escolhem a variante no tablet; o programa, os limites de binário e as verificações de visão acompanham automaticamente
- **Movimento com limitação de força** certificado segundo as orientações da [ISO/TS 15066](https://www.iso.org/standard/62996.html) para a limitação de potência e força
- Controlo de qualidade por câmara após cada parafuso, para que uma rosca danificada seja detetada de imediato

## O que mudaríamos

- Planear a **gestão de cabos** desde o início; foi a causa de metade das nossas paragens iniciais
- Dar aos operadores forma de ensinarem eles próprios novas posições de aparafusamento, em vez de chamarem um integrador

## Os números

O tempo de mudança de referência desceu de 25 minutos para menos de 3, e a célula cobre agora **60 variantes**. Os operadores pediram uma segunda.`,
  },
  'language-models-on-the-shop-floor': {
    title: 'Modelos de linguagem no chão de fábrica: assistentes que leem o manual',
    excerpt:
      'Criámos um assistente de manutenção que responde na língua do técnico, cita a página do manual e funciona sem enviar dados para a nuvem.',
    content: `## A ideia

Os técnicos passam uma quantidade surpreendente de tempo a pesquisar em PDF. O nosso assistente responde a perguntas como *"Qual é o binário de aperto da fixação do fuso na linha 3?"* e cita a página exata do manual em que se baseou.

## Como funciona

- Manuais, instruções de trabalho e pedidos de intervenção anteriores são indexados localmente
- Um modelo de linguagem compacto corre num servidor dentro da fábrica
- Cada resposta remete para as suas **fontes**; se não encontrar nenhuma, o assistente di-lo em vez de adivinhar

## Salvaguardas

- Só de leitura: nunca altera parâmetros das máquinas
- Responde em inglês, português e alemão, seja qual for a língua em que o manual foi escrito
- Todas as perguntas ficam registadas para revisão pelo responsável de manutenção

## Primeiros resultados

Num projeto-piloto com 18 técnicos, o tempo mediano para encontrar um procedimento desceu de **11 minutos para menos de 2**. [Contacte-nos](/contact) se quiser fazer um piloto com a sua própria documentação.`,
  },
  'sustainable-automation-research-programme': {
    title:
      'Programa de investigação conjunto com uma universidade portuguesa sobre automação sustentável',
    excerpt:
      'Um programa de dois anos vai medir e reduzir o consumo de energia das células robóticas, do planeamento de movimentos ao ar comprimido.',
    content: `## Um objetivo comum

As células robóticas são eficientes a produzir peças, mas raramente o são no uso de energia. Em conjunto com a faculdade de engenharia de uma universidade portuguesa, lançamos um programa de investigação de dois anos sobre **automação consciente do consumo energético**.

## Linhas de investigação

1. **Planeamento de movimentos energeticamente ótimo**: trajetórias que mantêm o tempo de ciclo e reduzem os picos de potência
2. **Deteção de fugas de ar comprimido** a partir de dados acústicos e de caudal
3. **Gestão dos períodos de inatividade**: pôr robôs, acionamentos e transportadores em repouso entre lotes

## Resultados abertos

As conclusões serão publicadas em artigos de acesso aberto e os conjuntos de dados das medições serão disponibilizados a outros investigadores. Dois doutorandos e três dos nossos engenheiros vão trabalhar no terreno, em fábricas parceiras.

## Participe

Os fabricantes que queiram acolher medições podem [contactar a nossa equipa de investigação](/contact).`,
  },
};
