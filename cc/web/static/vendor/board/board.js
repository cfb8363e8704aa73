(() => {
  // frontend/node_modules/@lichess-org/chessground/dist/types.js
  var colors = ["white", "black"];
  var files = ["a", "b", "c", "d", "e", "f", "g", "h"];
  var ranks = ["1", "2", "3", "4", "5", "6", "7", "8"];

  // frontend/node_modules/@lichess-org/chessground/dist/util.js
  var invRanks = [...ranks].reverse();
  var allKeys = files.flatMap((f) => ranks.map((r) => f + r));
  var pos2key = (pos) => pos.every((x) => x >= 0 && x <= 7) ? allKeys[8 * pos[0] + pos[1]] : void 0;
  var pos2keyUnsafe = (pos) => pos2key(pos);
  var key2pos = (k) => [k.charCodeAt(0) - 97, k.charCodeAt(1) - 49];
  var allPos = allKeys.map(key2pos);
  var allPosAndKey = allKeys.map((key, i) => ({ key, pos: allPos[i] }));
  function memo(f) {
    let v;
    const ret = () => {
      if (v === void 0)
        v = f();
      return v;
    };
    ret.clear = () => {
      v = void 0;
    };
    return ret;
  }
  var timer = () => {
    let startAt;
    return {
      start() {
        startAt = performance.now();
      },
      cancel() {
        startAt = void 0;
      },
      stop() {
        if (!startAt)
          return 0;
        const time = performance.now() - startAt;
        startAt = void 0;
        return time;
      }
    };
  };
  var opposite = (c) => c === "white" ? "black" : "white";
  var distanceSq = (pos1, pos2) => (pos1[0] - pos2[0]) ** 2 + (pos1[1] - pos2[1]) ** 2;
  var samePiece = (p1, p2) => p1.role === p2.role && p1.color === p2.color;
  var samePos = (p1, p2) => p1[0] === p2[0] && p1[1] === p2[1];
  var posToTranslate = (bounds) => (pos, asWhite) => [
    (asWhite ? pos[0] : 7 - pos[0]) * bounds.width / 8,
    (asWhite ? 7 - pos[1] : pos[1]) * bounds.height / 8
  ];
  var translate = (el, pos) => {
    el.style.transform = `translate(${pos[0]}px,${pos[1]}px)`;
  };
  var translateAndScale = (el, pos, scale = 1) => {
    el.style.transform = `translate(${pos[0]}px,${pos[1]}px) scale(${scale})`;
  };
  var setVisible = (el, v) => {
    el.style.display = v ? "" : "none";
  };
  var eventPosition = (e) => {
    if (e.clientX || e.clientX === 0)
      return [e.clientX, e.clientY];
    if (e.targetTouches?.[0])
      return [e.targetTouches[0].clientX, e.targetTouches[0].clientY];
    return void 0;
  };
  var isFireMac = memo(() => !("ontouchstart" in window) && ["macintosh", "firefox"].every((x) => navigator.userAgent.toLowerCase().includes(x)));
  var isRightButton = (e) => e.button === 2 && !(e.ctrlKey && isFireMac());
  var createEl = (tagName, className) => {
    const el = document.createElement(tagName);
    if (className)
      el.className = className;
    return el;
  };
  function computeSquareCenter(key, asWhite, bounds) {
    const pos = key2pos(key);
    if (!asWhite) {
      pos[0] = 7 - pos[0];
      pos[1] = 7 - pos[1];
    }
    return [
      bounds.left + bounds.width * pos[0] / 8 + bounds.width / 16,
      bounds.top + bounds.height * (7 - pos[1]) / 8 + bounds.height / 16
    ];
  }
  var diff = (a, b) => Math.abs(a - b);
  var knightDir = (x1, y1, x2, y2) => diff(x1, x2) * diff(y1, y2) === 2;
  var rookDir = (x1, y1, x2, y2) => x1 === x2 !== (y1 === y2);
  var bishopDir = (x1, y1, x2, y2) => diff(x1, x2) === diff(y1, y2) && x1 !== x2;
  var queenDir = (x1, y1, x2, y2) => rookDir(x1, y1, x2, y2) || bishopDir(x1, y1, x2, y2);
  var kingDirNonCastling = (x1, y1, x2, y2) => Math.max(diff(x1, x2), diff(y1, y2)) === 1;
  var pawnDirAdvance = (x1, y1, x2, y2, isDirectionUp) => {
    const step2 = isDirectionUp ? 1 : -1;
    return x1 === x2 && (y2 === y1 + step2 || // allow 2 squares from first two ranks, for horde
    y2 === y1 + 2 * step2 && (isDirectionUp ? y1 <= 1 : y1 >= 6));
  };
  var squaresBetween = (x1, y1, x2, y2) => {
    const dx = x2 - x1;
    const dy = y2 - y1;
    if (dx && dy && Math.abs(dx) !== Math.abs(dy))
      return [];
    const stepX = Math.sign(dx), stepY = Math.sign(dy);
    const squares = [];
    let x = x1 + stepX, y = y1 + stepY;
    while (x !== x2 || y !== y2) {
      squares.push([x, y]);
      x += stepX;
      y += stepY;
    }
    return squares.map(pos2key).filter((k) => k !== void 0);
  };

  // frontend/node_modules/@lichess-org/chessground/dist/anim.js
  var anim = (mutation, state) => state.animation.enabled ? animate(mutation, state) : render(mutation, state);
  function render(mutation, state) {
    const result = mutation(state);
    state.dom.redraw();
    return result;
  }
  var makePiece = (key, piece) => ({
    key,
    pos: key2pos(key),
    piece
  });
  var closer = (piece, pieces) => pieces.sort((p1, p2) => distanceSq(piece.pos, p1.pos) - distanceSq(piece.pos, p2.pos))[0];
  function computePlan(prevPieces, current) {
    const anims = /* @__PURE__ */ new Map(), animedOrigs = [], fadings = /* @__PURE__ */ new Map(), missings = [], news = [], prePieces = /* @__PURE__ */ new Map();
    let curP, preP, vector;
    for (const [k, p] of prevPieces) {
      prePieces.set(k, makePiece(k, p));
    }
    for (const key of allKeys) {
      curP = current.pieces.get(key);
      preP = prePieces.get(key);
      if (curP) {
        if (preP) {
          if (!samePiece(curP, preP.piece)) {
            missings.push(preP);
            news.push(makePiece(key, curP));
          }
        } else
          news.push(makePiece(key, curP));
      } else if (preP)
        missings.push(preP);
    }
    for (const newP of news) {
      preP = closer(newP, missings.filter((p) => samePiece(newP.piece, p.piece)));
      if (preP) {
        vector = [preP.pos[0] - newP.pos[0], preP.pos[1] - newP.pos[1]];
        anims.set(newP.key, vector.concat(vector));
        animedOrigs.push(preP.key);
      }
    }
    for (const p of missings) {
      if (!animedOrigs.includes(p.key))
        fadings.set(p.key, p.piece);
    }
    return {
      anims,
      fadings
    };
  }
  function step(state, now) {
    const cur = state.animation.current;
    if (cur === void 0) {
      if (!state.dom.destroyed)
        state.dom.redrawNow();
      return;
    }
    const rest = 1 - (now - cur.start) * cur.frequency;
    if (rest <= 0) {
      state.animation.current = void 0;
      state.dom.redrawNow();
    } else {
      const ease = easing(rest);
      for (const cfg of cur.plan.anims.values()) {
        cfg[2] = cfg[0] * ease;
        cfg[3] = cfg[1] * ease;
      }
      state.dom.redrawNow(true);
      requestAnimationFrame((now2 = performance.now()) => step(state, now2));
    }
  }
  function animate(mutation, state) {
    const prevPieces = new Map(state.pieces);
    const result = mutation(state);
    const plan = computePlan(prevPieces, state);
    if (plan.anims.size || plan.fadings.size) {
      const alreadyRunning = state.animation.current && state.animation.current.start;
      state.animation.current = {
        start: performance.now(),
        frequency: 1 / state.animation.duration,
        plan
      };
      if (!alreadyRunning)
        step(state, performance.now());
    } else {
      state.dom.redraw();
    }
    return result;
  }
  var easing = (t) => t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1;

  // frontend/node_modules/@lichess-org/chessground/dist/premove.js
  var pawn = (ctx) => diff(ctx.orig.pos[0], ctx.dest.pos[0]) <= 1 && (diff(ctx.orig.pos[0], ctx.dest.pos[0]) === 1 ? ctx.dest.pos[1] === ctx.orig.pos[1] + (ctx.color === "white" ? 1 : -1) : pawnDirAdvance(...ctx.orig.pos, ...ctx.dest.pos, ctx.color === "white"));
  var knight = (ctx) => knightDir(...ctx.orig.pos, ...ctx.dest.pos);
  var bishop = (ctx) => bishopDir(...ctx.orig.pos, ...ctx.dest.pos);
  var rook = (ctx) => rookDir(...ctx.orig.pos, ...ctx.dest.pos);
  var queen = (ctx) => bishop(ctx) || rook(ctx);
  var king = (ctx) => kingDirNonCastling(...ctx.orig.pos, ...ctx.dest.pos) || ctx.orig.pos[1] === ctx.dest.pos[1] && ctx.orig.pos[1] === (ctx.color === "white" ? 0 : 7) && (ctx.orig.pos[0] === 4 && (ctx.dest.pos[0] === 2 && ctx.rookFilesFriendlies.includes(0) || ctx.dest.pos[0] === 6 && ctx.rookFilesFriendlies.includes(7)) || ctx.rookFilesFriendlies.includes(ctx.dest.pos[0]));
  var mobilityByRole = { pawn, knight, bishop, rook, queen, king };
  function premove(state, key) {
    const pieces = state.pieces;
    const piece = pieces.get(key);
    if (!piece || piece.color === state.turnColor)
      return [];
    const color = piece.color, friendlies = new Map([...pieces].filter(([_, p]) => p.color === color)), enemies = new Map([...pieces].filter(([_, p]) => p.color === opposite(color))), orig = { key, pos: key2pos(key) }, mobility = (ctx) => mobilityByRole[piece.role](ctx) && state.premovable.additionalPremoveRequirements(ctx), partialCtx = {
      orig,
      role: piece.role,
      allPieces: pieces,
      friendlies,
      enemies,
      color,
      rookFilesFriendlies: Array.from(pieces).filter(([k, p]) => k[1] === (color === "white" ? "1" : "8") && p.color === color && p.role === "rook").map(([k]) => key2pos(k)[0]),
      lastMove: state.lastMove
    };
    return allPosAndKey.filter((dest) => mobility({ ...partialCtx, dest })).map((pk) => pk.key);
  }

  // frontend/node_modules/@lichess-org/chessground/dist/board.js
  function callUserFunction(f, ...args) {
    if (f)
      setTimeout(() => f(...args), 1);
  }
  function toggleOrientation(state) {
    state.orientation = opposite(state.orientation);
    state.animation.current = state.draggable.current = state.selected = void 0;
  }
  function setPieces(state, pieces) {
    for (const [key, piece] of pieces) {
      if (piece)
        state.pieces.set(key, piece);
      else
        state.pieces.delete(key);
    }
  }
  function setCheck(state, color) {
    state.check = void 0;
    if (color === true)
      color = state.turnColor;
    if (color)
      for (const [k, p] of state.pieces) {
        if (p.role === "king" && p.color === color) {
          state.check = k;
        }
      }
  }
  function setPremove(state, orig, dest, meta) {
    unsetPredrop(state);
    state.premovable.current = [orig, dest];
    callUserFunction(state.premovable.events.set, orig, dest, meta);
  }
  function unsetPremove(state) {
    if (state.premovable.current) {
      state.premovable.current = void 0;
      callUserFunction(state.premovable.events.unset);
    }
  }
  function setPredrop(state, role, key) {
    unsetPremove(state);
    state.predroppable.current = { role, key };
    callUserFunction(state.predroppable.events.set, role, key);
  }
  function unsetPredrop(state) {
    const pd = state.predroppable;
    if (pd.current) {
      pd.current = void 0;
      callUserFunction(pd.events.unset);
    }
  }
  function tryAutoCastle(state, orig, dest) {
    if (!state.autoCastle)
      return false;
    const king2 = state.pieces.get(orig);
    if (!king2 || king2.role !== "king")
      return false;
    const origPos = key2pos(orig);
    const destPos = key2pos(dest);
    if (origPos[1] !== 0 && origPos[1] !== 7 || origPos[1] !== destPos[1])
      return false;
    if (origPos[0] === 4 && !state.pieces.has(dest)) {
      if (destPos[0] === 6)
        dest = pos2keyUnsafe([7, destPos[1]]);
      else if (destPos[0] === 2)
        dest = pos2keyUnsafe([0, destPos[1]]);
    }
    const rook2 = state.pieces.get(dest);
    if (!rook2 || rook2.color !== king2.color || rook2.role !== "rook")
      return false;
    state.pieces.delete(orig);
    state.pieces.delete(dest);
    if (origPos[0] < destPos[0]) {
      state.pieces.set(pos2keyUnsafe([6, destPos[1]]), king2);
      state.pieces.set(pos2keyUnsafe([5, destPos[1]]), rook2);
    } else {
      state.pieces.set(pos2keyUnsafe([2, destPos[1]]), king2);
      state.pieces.set(pos2keyUnsafe([3, destPos[1]]), rook2);
    }
    return true;
  }
  function baseMove(state, orig, dest) {
    const origPiece = state.pieces.get(orig), destPiece = state.pieces.get(dest);
    if (orig === dest || !origPiece)
      return false;
    const captured = destPiece && destPiece.color !== origPiece.color ? destPiece : void 0;
    if (dest === state.selected)
      unselect(state);
    callUserFunction(state.events.move, orig, dest, captured);
    if (!tryAutoCastle(state, orig, dest)) {
      state.pieces.set(dest, origPiece);
      state.pieces.delete(orig);
    }
    state.lastMove = [orig, dest];
    state.check = void 0;
    callUserFunction(state.events.change);
    return captured || true;
  }
  function baseNewPiece(state, piece, key, force) {
    if (state.pieces.has(key)) {
      if (force)
        state.pieces.delete(key);
      else
        return false;
    }
    callUserFunction(state.events.dropNewPiece, piece, key);
    state.pieces.set(key, piece);
    state.lastMove = [key];
    state.check = void 0;
    callUserFunction(state.events.change);
    state.movable.dests = void 0;
    state.turnColor = opposite(state.turnColor);
    return true;
  }
  function baseUserMove(state, orig, dest) {
    const result = baseMove(state, orig, dest);
    if (result) {
      state.movable.dests = void 0;
      state.turnColor = opposite(state.turnColor);
      state.animation.current = void 0;
    }
    return result;
  }
  function userMove(state, orig, dest) {
    if (canMove(state, orig, dest)) {
      const result = baseUserMove(state, orig, dest);
      if (result) {
        const holdTime = state.hold.stop();
        unselect(state);
        const metadata = {
          premove: false,
          ctrlKey: state.stats.ctrlKey,
          holdTime
        };
        if (result !== true)
          metadata.captured = result;
        callUserFunction(state.movable.events.after, orig, dest, metadata);
        return true;
      }
    } else if (canPremove(state, orig, dest)) {
      setPremove(state, orig, dest, {
        ctrlKey: state.stats.ctrlKey
      });
      unselect(state);
      return true;
    }
    unselect(state);
    return false;
  }
  function dropNewPiece(state, orig, dest, force) {
    const piece = state.pieces.get(orig);
    if (piece && (canDrop(state, orig, dest) || force)) {
      state.pieces.delete(orig);
      baseNewPiece(state, piece, dest, force);
      callUserFunction(state.movable.events.afterNewPiece, piece.role, dest, {
        premove: false,
        predrop: false
      });
    } else if (piece && canPredrop(state, orig, dest)) {
      setPredrop(state, piece.role, dest);
    } else {
      unsetPremove(state);
      unsetPredrop(state);
    }
    state.pieces.delete(orig);
    unselect(state);
  }
  function selectSquare(state, key, force) {
    callUserFunction(state.events.select, key);
    if (state.selected) {
      if (state.selected === key && !state.draggable.enabled) {
        unselect(state);
        state.hold.cancel();
        return;
      } else if ((state.selectable.enabled || force) && state.selected !== key) {
        if (userMove(state, state.selected, key)) {
          state.stats.dragged = false;
          return;
        }
      }
    }
    if ((state.selectable.enabled || state.draggable.enabled) && (isMovable(state, key) || isPremovable(state, key))) {
      setSelected(state, key);
      state.hold.start();
    }
  }
  function setSelected(state, key) {
    state.selected = key;
    if (!isPremovable(state, key))
      state.premovable.dests = void 0;
    else if (!state.premovable.customDests)
      state.premovable.dests = premove(state, key);
  }
  function unselect(state) {
    state.selected = void 0;
    state.premovable.dests = void 0;
    state.hold.cancel();
  }
  function isMovable(state, orig) {
    const piece = state.pieces.get(orig);
    return !!piece && (state.movable.color === "both" || state.movable.color === piece.color && state.turnColor === piece.color);
  }
  var canMove = (state, orig, dest) => orig !== dest && isMovable(state, orig) && (state.movable.free || !!state.movable.dests?.get(orig)?.includes(dest));
  function canDrop(state, orig, dest) {
    const piece = state.pieces.get(orig);
    return !!piece && (orig === dest || !state.pieces.has(dest)) && (state.movable.color === "both" || state.movable.color === piece.color && state.turnColor === piece.color);
  }
  function isPremovable(state, orig) {
    const piece = state.pieces.get(orig);
    return !!piece && state.premovable.enabled && state.movable.color === piece.color && state.turnColor !== piece.color;
  }
  var canPremove = (state, orig, dest) => orig !== dest && isPremovable(state, orig) && (state.premovable.customDests?.get(orig) ?? premove(state, orig)).includes(dest);
  function canPredrop(state, orig, dest) {
    const piece = state.pieces.get(orig);
    const destPiece = state.pieces.get(dest);
    return !!piece && (!destPiece || destPiece.color !== state.movable.color) && state.predroppable.enabled && (piece.role !== "pawn" || dest[1] !== "1" && dest[1] !== "8") && state.movable.color === piece.color && state.turnColor !== piece.color;
  }
  function isDraggable(state, orig) {
    const piece = state.pieces.get(orig);
    return !!piece && state.draggable.enabled && (state.movable.color === "both" || state.movable.color === piece.color && (state.turnColor === piece.color || state.premovable.enabled));
  }
  function playPremove(state) {
    const move3 = state.premovable.current;
    if (!move3)
      return false;
    const orig = move3[0], dest = move3[1];
    let success = false;
    if (canMove(state, orig, dest)) {
      const result = baseUserMove(state, orig, dest);
      if (result) {
        const metadata = { premove: true };
        if (result !== true)
          metadata.captured = result;
        callUserFunction(state.movable.events.after, orig, dest, metadata);
        success = true;
      }
    }
    unsetPremove(state);
    return success;
  }
  function playPredrop(state, validate) {
    const drop2 = state.predroppable.current;
    let success = false;
    if (!drop2)
      return false;
    if (validate(drop2)) {
      const piece = {
        role: drop2.role,
        color: state.movable.color
      };
      if (baseNewPiece(state, piece, drop2.key)) {
        callUserFunction(state.movable.events.afterNewPiece, drop2.role, drop2.key, {
          premove: false,
          predrop: true
        });
        success = true;
      }
    }
    unsetPredrop(state);
    return success;
  }
  function cancelMove(state) {
    unsetPremove(state);
    unsetPredrop(state);
    unselect(state);
  }
  function stop(state) {
    state.movable.color = state.movable.dests = state.animation.current = void 0;
    cancelMove(state);
  }
  function getKeyAtDomPos(pos, asWhite, bounds) {
    let file = Math.floor(8 * (pos[0] - bounds.left) / bounds.width);
    if (!asWhite)
      file = 7 - file;
    let rank = 7 - Math.floor(8 * (pos[1] - bounds.top) / bounds.height);
    if (!asWhite)
      rank = 7 - rank;
    return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? pos2key([file, rank]) : void 0;
  }
  function getSnappedKeyAtDomPos(orig, pos, asWhite, bounds) {
    const origPos = key2pos(orig);
    const validSnapPos = allPos.filter((pos2) => samePos(origPos, pos2) || queenDir(origPos[0], origPos[1], pos2[0], pos2[1]) || knightDir(origPos[0], origPos[1], pos2[0], pos2[1]));
    const validSnapCenters = validSnapPos.map((pos2) => computeSquareCenter(pos2keyUnsafe(pos2), asWhite, bounds));
    const validSnapDistances = validSnapCenters.map((pos2) => distanceSq(pos, pos2));
    const [, closestSnapIndex] = validSnapDistances.reduce((a, b, index) => a[0] < b ? a : [b, index], [validSnapDistances[0], 0]);
    return pos2key(validSnapPos[closestSnapIndex]);
  }
  var whitePov = (s) => s.orientation === "white";

  // frontend/node_modules/@lichess-org/chessground/dist/fen.js
  var initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  var roles = {
    p: "pawn",
    r: "rook",
    n: "knight",
    b: "bishop",
    q: "queen",
    k: "king"
  };
  var letters = {
    pawn: "p",
    rook: "r",
    knight: "n",
    bishop: "b",
    queen: "q",
    king: "k"
  };
  function read(fen) {
    if (fen === "start")
      fen = initial;
    const pieces = /* @__PURE__ */ new Map();
    let row = 7, col = 0;
    for (const c of fen) {
      switch (c) {
        case " ":
        case "[":
          return pieces;
        case "/":
          --row;
          if (row < 0)
            return pieces;
          col = 0;
          break;
        case "~": {
          const k = pos2key([col - 1, row]);
          const piece = k && pieces.get(k);
          if (piece)
            piece.promoted = true;
          break;
        }
        default: {
          const nb = c.charCodeAt(0);
          if (nb < 57)
            col += nb - 48;
          else {
            const role = c.toLowerCase();
            const key = pos2key([col, row]);
            if (key)
              pieces.set(key, {
                role: roles[role],
                color: c === role ? "black" : "white"
              });
            ++col;
          }
        }
      }
    }
    return pieces;
  }
  function write(pieces) {
    return invRanks.map((y) => files.map((x) => {
      const piece = pieces.get(x + y);
      if (piece) {
        let p = letters[piece.role];
        if (piece.color === "white")
          p = p.toUpperCase();
        if (piece.promoted)
          p += "~";
        return p;
      } else
        return "1";
    }).join("")).join("/").replace(/1{2,}/g, (s) => s.length.toString());
  }

  // frontend/node_modules/@lichess-org/chessground/dist/config.js
  function applyAnimation(state, config) {
    if (config.animation) {
      deepMerge(state.animation, config.animation);
      if ((state.animation.duration || 0) < 70)
        state.animation.enabled = false;
    }
  }
  function configure(state, config) {
    if (config.movable?.dests)
      state.movable.dests = void 0;
    if (config.drawable?.autoShapes)
      state.drawable.autoShapes = [];
    deepMerge(state, config);
    if (config.fen) {
      state.pieces = read(config.fen);
      state.drawable.shapes = config.drawable?.shapes || [];
    }
    if ("check" in config)
      setCheck(state, config.check || false);
    if ("lastMove" in config && !config.lastMove)
      state.lastMove = void 0;
    else if (config.lastMove)
      state.lastMove = config.lastMove;
    if (state.selected)
      setSelected(state, state.selected);
    applyAnimation(state, config);
    if (!state.movable.rookCastle && state.movable.dests) {
      const rank = state.movable.color === "white" ? "1" : "8", kingStartPos = "e" + rank, dests = state.movable.dests.get(kingStartPos), king2 = state.pieces.get(kingStartPos);
      if (!dests || !king2 || king2.role !== "king")
        return;
      state.movable.dests.set(kingStartPos, dests.filter((d) => !(d === "a" + rank && dests.includes("c" + rank)) && !(d === "h" + rank && dests.includes("g" + rank))));
    }
  }
  function deepMerge(base, extend) {
    for (const key in extend) {
      if (key === "__proto__" || key === "constructor" || !Object.prototype.hasOwnProperty.call(extend, key))
        continue;
      if (Object.prototype.hasOwnProperty.call(base, key) && isPlainObject(base[key]) && isPlainObject(extend[key]))
        deepMerge(base[key], extend[key]);
      else
        base[key] = extend[key];
    }
  }
  function isPlainObject(o) {
    if (typeof o !== "object" || o === null)
      return false;
    const proto = Object.getPrototypeOf(o);
    return proto === Object.prototype || proto === null;
  }

  // frontend/node_modules/@lichess-org/chessground/dist/draw.js
  var brushes = ["green", "red", "blue", "yellow"];
  function start(state, e) {
    if (e.touches && e.touches.length > 1)
      return;
    e.stopPropagation();
    e.preventDefault();
    if (e.ctrlKey) {
      unselect(state);
    } else {
      cancelMove(state);
    }
    const pos = eventPosition(e), orig = getKeyAtDomPos(pos, whitePov(state), state.dom.bounds());
    if (!orig)
      return;
    state.drawable.current = {
      orig,
      pos,
      brush: eventBrush(e),
      snapToValidMove: state.drawable.defaultSnapToValidMove
    };
    processDraw(state);
  }
  function processDraw(state) {
    requestAnimationFrame(() => {
      const cur = state.drawable.current;
      if (cur) {
        const keyAtDomPos = getKeyAtDomPos(cur.pos, whitePov(state), state.dom.bounds());
        if (!keyAtDomPos) {
          cur.snapToValidMove = false;
        }
        const mouseSq = cur.snapToValidMove ? getSnappedKeyAtDomPos(cur.orig, cur.pos, whitePov(state), state.dom.bounds()) : keyAtDomPos;
        if (mouseSq !== cur.mouseSq) {
          cur.mouseSq = mouseSq;
          cur.dest = mouseSq !== cur.orig ? mouseSq : void 0;
          state.dom.redrawNow();
        }
        processDraw(state);
      }
    });
  }
  function move(state, e) {
    if (state.drawable.current)
      state.drawable.current.pos = eventPosition(e);
  }
  function end(state) {
    const cur = state.drawable.current;
    if (cur) {
      if (cur.mouseSq)
        addShape(state.drawable, cur);
      cancel(state);
    }
  }
  function cancel(state) {
    if (state.drawable.current) {
      state.drawable.current = void 0;
      state.dom.redraw();
    }
  }
  function clear(state) {
    if (state.drawable.shapes.length) {
      state.drawable.shapes = [];
      state.dom.redraw();
      onChange(state.drawable);
    }
  }
  var sameEndpoints = (s1, s2) => s1.orig === s2.orig && s1.dest === s2.dest;
  var sameColor = (s1, s2) => s1.brush === s2.brush;
  function eventBrush(e) {
    const modA = (e.shiftKey || e.ctrlKey) && isRightButton(e);
    const modB = e.altKey || e.metaKey || e.getModifierState?.("AltGraph");
    return brushes[(modA ? 1 : 0) + (modB ? 2 : 0)];
  }
  function addShape(drawable, cur) {
    const similar = drawable.shapes.find((s) => sameEndpoints(s, cur));
    if (similar)
      drawable.shapes = drawable.shapes.filter((s) => !sameEndpoints(s, cur));
    if (!similar || !sameColor(similar, cur))
      drawable.shapes.push({
        orig: cur.orig,
        dest: cur.dest,
        brush: cur.brush
      });
    onChange(drawable);
  }
  function onChange(drawable) {
    if (drawable.onChange)
      drawable.onChange(drawable.shapes);
  }

  // frontend/node_modules/@lichess-org/chessground/dist/drag.js
  function start2(s, e) {
    if (!(s.trustAllEvents || e.isTrusted))
      return;
    if (e.buttons !== void 0 && e.buttons > 1)
      return;
    if (e.touches && e.touches.length > 1)
      return;
    const bounds = s.dom.bounds(), position = eventPosition(e), orig = getKeyAtDomPos(position, whitePov(s), bounds);
    if (!orig)
      return;
    const piece = s.pieces.get(orig);
    const previouslySelected = s.selected;
    if (!previouslySelected && s.drawable.enabled && (s.drawable.eraseOnMovablePieceClick || !piece || piece.color !== s.turnColor))
      clear(s);
    if (e.cancelable !== false && (!e.touches || s.blockTouchScroll || piece || previouslySelected || pieceCloseTo(s, position)))
      e.preventDefault();
    else if (e.touches)
      return;
    const hadPremove = !!s.premovable.current;
    const hadPredrop = !!s.predroppable.current;
    s.stats.ctrlKey = e.ctrlKey;
    if (s.selected && canMove(s, s.selected, orig)) {
      anim((state) => selectSquare(state, orig), s);
    } else {
      selectSquare(s, orig);
    }
    const stillSelected = s.selected === orig;
    const element = pieceElementByKey(s, orig);
    if (piece && element && stillSelected && isDraggable(s, orig)) {
      s.draggable.current = {
        orig,
        piece,
        origPos: position,
        pos: position,
        started: s.draggable.autoDistance && s.stats.dragged,
        element,
        previouslySelected,
        originTarget: e.target,
        keyHasChanged: false
      };
      element.cgDragging = true;
      element.classList.add("dragging");
      const ghost = s.dom.elements.ghost;
      if (ghost) {
        ghost.className = `ghost ${piece.color} ${piece.role}`;
        translate(ghost, posToTranslate(bounds)(key2pos(orig), whitePov(s)));
        setVisible(ghost, true);
      }
      processDrag(s);
    } else {
      if (hadPremove)
        unsetPremove(s);
      if (hadPredrop)
        unsetPredrop(s);
    }
    s.dom.redraw();
  }
  function pieceCloseTo(s, pos) {
    const asWhite = whitePov(s), bounds = s.dom.bounds(), radiusSq = Math.pow(s.touchIgnoreRadius * bounds.width / 16, 2) * 2;
    for (const key of s.pieces.keys()) {
      const center = computeSquareCenter(key, asWhite, bounds);
      if (distanceSq(center, pos) <= radiusSq)
        return true;
    }
    return false;
  }
  function dragNewPiece(s, piece, e, force) {
    const key = "a0";
    s.pieces.set(key, piece);
    s.dom.redraw();
    const position = eventPosition(e);
    s.draggable.current = {
      orig: key,
      piece,
      origPos: position,
      pos: position,
      started: true,
      element: () => pieceElementByKey(s, key),
      originTarget: e.target,
      newPiece: true,
      force: !!force,
      keyHasChanged: false
    };
    processDrag(s);
  }
  function processDrag(s) {
    requestAnimationFrame(() => {
      const cur = s.draggable.current;
      if (!cur)
        return;
      if (s.animation.current?.plan.anims.has(cur.orig))
        s.animation.current = void 0;
      const origPiece = s.pieces.get(cur.orig);
      if (!origPiece || !samePiece(origPiece, cur.piece))
        cancel2(s);
      else {
        if (!cur.started && distanceSq(cur.pos, cur.origPos) >= Math.pow(s.draggable.distance, 2))
          cur.started = true;
        if (cur.started) {
          if (typeof cur.element === "function") {
            const found = cur.element();
            if (!found)
              return;
            found.cgDragging = true;
            found.classList.add("dragging");
            cur.element = found;
          }
          const bounds = s.dom.bounds();
          translate(cur.element, [
            cur.pos[0] - bounds.left - bounds.width / 16,
            cur.pos[1] - bounds.top - bounds.height / 16
          ]);
          if (s.jsHover)
            handleJsHover(s, cur);
          else
            cur.keyHasChanged || (cur.keyHasChanged = cur.orig !== getKeyAtDomPos(cur.pos, whitePov(s), bounds));
        }
      }
      processDrag(s);
    });
  }
  function handleJsHover(s, cur) {
    const hoveredKey = getKeyAtDomPos(cur.pos, whitePov(s), s.dom.bounds());
    if (cur.orig !== hoveredKey) {
      cur.keyHasChanged = true;
      if (hoveredKey) {
        const isValidMove = s.movable.dests?.get(cur.orig)?.includes(hoveredKey) ?? s.premovable.dests?.includes(hoveredKey);
        if (isValidMove) {
          const hoveredValidDestSquare = s.dom.elements.board.querySelector(`.move-dest[data-key="${hoveredKey}"], .premove-dest[data-key="${hoveredKey}"]`);
          if (hoveredValidDestSquare && !hoveredValidDestSquare.classList.contains("hover")) {
            resetHoverState(s);
            hoveredValidDestSquare.classList.add("hover");
          }
        } else {
          resetHoverState(s);
        }
      }
    } else {
      resetHoverState(s);
    }
  }
  function resetHoverState(s) {
    const squares = s.dom.elements.board.querySelectorAll(`.move-dest, .premove-dest`);
    if (squares.length > 0) {
      squares.forEach((sq) => sq.classList.remove("hover"));
    }
  }
  function move2(s, e) {
    if (s.draggable.current && (!e.touches || e.touches.length < 2)) {
      s.draggable.current.pos = eventPosition(e);
    }
  }
  function end2(s, e) {
    const cur = s.draggable.current;
    if (!cur)
      return;
    if (e.type === "touchend" && e.cancelable !== false)
      e.preventDefault();
    if (e.type === "touchend" && cur.originTarget !== e.target && !cur.newPiece) {
      s.draggable.current = void 0;
      return;
    }
    unsetPremove(s);
    unsetPredrop(s);
    const eventPos = eventPosition(e) || cur.pos;
    const dest = getKeyAtDomPos(eventPos, whitePov(s), s.dom.bounds());
    if (dest && cur.started && cur.orig !== dest) {
      if (cur.newPiece)
        dropNewPiece(s, cur.orig, dest, cur.force);
      else {
        s.stats.ctrlKey = e.ctrlKey;
        if (userMove(s, cur.orig, dest))
          s.stats.dragged = true;
      }
    } else if (cur.newPiece) {
      s.pieces.delete(cur.orig);
    } else if (s.draggable.deleteOnDropOff && !dest) {
      s.pieces.delete(cur.orig);
      callUserFunction(s.events.change);
    }
    if ((cur.orig === cur.previouslySelected || cur.keyHasChanged) && (cur.orig === dest || !dest))
      unselect(s);
    else if (!s.selectable.enabled)
      unselect(s);
    removeDragElements(s);
    s.draggable.current = void 0;
    s.dom.redraw();
  }
  function cancel2(s) {
    const cur = s.draggable.current;
    if (cur) {
      if (cur.newPiece)
        s.pieces.delete(cur.orig);
      s.draggable.current = void 0;
      unselect(s);
      removeDragElements(s);
      s.dom.redraw();
    }
  }
  function removeDragElements(s) {
    const e = s.dom.elements;
    if (e.ghost)
      setVisible(e.ghost, false);
  }
  function pieceElementByKey(s, key) {
    let el = s.dom.elements.board.firstChild;
    while (el) {
      if (el.cgKey === key && el.tagName === "PIECE")
        return el;
      el = el.nextSibling;
    }
    return void 0;
  }

  // frontend/node_modules/@lichess-org/chessground/dist/explosion.js
  function explosion(state, keys) {
    state.exploding = { stage: 1, keys };
    state.dom.redraw();
    setTimeout(() => {
      setStage(state, 2);
      setTimeout(() => setStage(state, void 0), 120);
    }, 120);
  }
  function setStage(state, stage) {
    if (state.exploding) {
      if (stage)
        state.exploding.stage = stage;
      else
        state.exploding = void 0;
      state.dom.redraw();
    }
  }

  // frontend/node_modules/@lichess-org/chessground/dist/api.js
  function start3(state, redrawAll) {
    function toggleOrientation2() {
      toggleOrientation(state);
      redrawAll();
    }
    return {
      set(config) {
        if (config.orientation && config.orientation !== state.orientation)
          toggleOrientation2();
        applyAnimation(state, config);
        (config.fen ? anim : render)((state2) => configure(state2, config), state);
      },
      state,
      getFen: () => write(state.pieces),
      toggleOrientation: toggleOrientation2,
      setPieces(pieces) {
        anim((state2) => setPieces(state2, pieces), state);
      },
      selectSquare(key, force) {
        if (key)
          anim((state2) => selectSquare(state2, key, force), state);
        else if (state.selected) {
          unselect(state);
          state.dom.redraw();
        }
      },
      move(orig, dest) {
        anim((state2) => baseMove(state2, orig, dest), state);
      },
      newPiece(piece, key) {
        anim((state2) => baseNewPiece(state2, piece, key), state);
      },
      playPremove() {
        if (state.premovable.current) {
          if (anim(playPremove, state))
            return true;
          state.dom.redraw();
        }
        return false;
      },
      playPredrop(validate) {
        if (state.predroppable.current) {
          const result = playPredrop(state, validate);
          state.dom.redraw();
          return result;
        }
        return false;
      },
      cancelPremove() {
        render(unsetPremove, state);
      },
      cancelPredrop() {
        render(unsetPredrop, state);
      },
      cancelMove() {
        render((state2) => {
          cancelMove(state2);
          cancel2(state2);
        }, state);
      },
      stop() {
        render((state2) => {
          stop(state2);
          cancel2(state2);
        }, state);
      },
      explode(keys) {
        explosion(state, keys);
      },
      setAutoShapes(shapes) {
        render((state2) => state2.drawable.autoShapes = shapes, state);
      },
      setShapes(shapes) {
        render((state2) => state2.drawable.shapes = shapes.slice(), state);
      },
      getKeyAtDomPos(pos) {
        return getKeyAtDomPos(pos, whitePov(state), state.dom.bounds());
      },
      redrawAll,
      dragNewPiece(piece, event, force) {
        dragNewPiece(state, piece, event, force);
      },
      destroy() {
        stop(state);
        state.dom.unbind?.();
        state.dom.destroyed = true;
      }
    };
  }

  // frontend/node_modules/@lichess-org/chessground/dist/sync.js
  function syncShapes(shapes, root, renderShape3) {
    const hashesInDom = /* @__PURE__ */ new Map(), toRemove = [];
    for (const sc of shapes)
      hashesInDom.set(sc.hash, false);
    let el = root.firstElementChild, elHash;
    while (el) {
      elHash = el.getAttribute("cgHash");
      if (hashesInDom.has(elHash))
        hashesInDom.set(elHash, true);
      else
        toRemove.push(el);
      el = el.nextElementSibling;
    }
    for (const el2 of toRemove)
      root.removeChild(el2);
    for (const sc of shapes) {
      if (!hashesInDom.get(sc.hash))
        root.appendChild(renderShape3(sc));
    }
  }

  // frontend/node_modules/@lichess-org/chessground/dist/autoPieces.js
  function render2(state, autoPieceEl) {
    const autoPieces = state.drawable.autoShapes.filter((autoShape) => autoShape.piece);
    const autoPieceShapes = autoPieces.map((s) => {
      return {
        shape: s,
        hash: hash(s),
        current: false,
        pendingErase: false
      };
    });
    syncShapes(autoPieceShapes, autoPieceEl, (shape) => renderShape(state, shape, state.dom.bounds()));
  }
  function renderResized(state) {
    const asWhite = whitePov(state), posToTranslate2 = posToTranslate(state.dom.bounds());
    let el = state.dom.elements.autoPieces?.firstChild;
    while (el) {
      translateAndScale(el, posToTranslate2(key2pos(el.cgKey), asWhite), el.cgScale);
      el = el.nextSibling;
    }
  }
  function renderShape(state, { shape, hash: hash2 }, bounds) {
    const orig = shape.orig;
    const role = shape.piece?.role;
    const color = shape.piece?.color;
    const scale = shape.piece?.scale;
    const pieceEl = createEl("piece", `${role} ${color}`);
    pieceEl.setAttribute("cgHash", hash2);
    pieceEl.cgKey = orig;
    pieceEl.cgScale = scale;
    translateAndScale(pieceEl, posToTranslate(bounds)(key2pos(orig), whitePov(state)), scale);
    return pieceEl;
  }
  var hash = (autoPiece) => [autoPiece.orig, autoPiece.piece?.role, autoPiece.piece?.color, autoPiece.piece?.scale].join(",");

  // frontend/node_modules/@lichess-org/chessground/dist/drop.js
  function drop(s, e) {
    if (!s.dropmode.active)
      return;
    unsetPremove(s);
    unsetPredrop(s);
    const piece = s.dropmode.piece;
    if (piece) {
      s.pieces.set("a0", piece);
      const position = eventPosition(e);
      const dest = position && getKeyAtDomPos(position, whitePov(s), s.dom.bounds());
      if (dest)
        dropNewPiece(s, "a0", dest);
    }
    s.dom.redraw();
  }

  // frontend/node_modules/@lichess-org/chessground/dist/events.js
  function bindBoard(s) {
    const boardEl = s.dom.elements.board;
    if (s.disableContextMenu || s.drawable.enabled) {
      boardEl.addEventListener("contextmenu", (e) => e.preventDefault());
    }
    if (s.viewOnly)
      return;
    const onStart = startDragOrDraw(s);
    boardEl.addEventListener("touchstart", onStart, {
      passive: false
    });
    boardEl.addEventListener("mousedown", onStart, {
      passive: false
    });
  }
  function bindDocument(s, onResize) {
    const unbinds = [];
    if ("ResizeObserver" in window) {
      const ro = new ResizeObserver(onResize);
      ro.observe(s.dom.elements.wrap);
      unbinds.push(() => ro.disconnect());
    } else
      unbinds.push(unbindable(document.body, "chessground.resize", onResize));
    if (!s.viewOnly) {
      const onmove = dragOrDraw(s, move2, move);
      const onend = dragOrDraw(s, end2, end);
      for (const ev of ["touchmove", "mousemove"])
        unbinds.push(unbindable(document, ev, onmove));
      for (const ev of ["touchend", "mouseup"])
        unbinds.push(unbindable(document, ev, onend));
      const onScroll = () => s.dom.bounds.clear();
      unbinds.push(unbindable(document, "scroll", onScroll, { capture: true, passive: true }));
      unbinds.push(unbindable(window, "resize", onScroll, { passive: true }));
    }
    return () => unbinds.forEach((f) => f());
  }
  function unbindable(el, eventName, callback, options) {
    el.addEventListener(eventName, callback, options);
    return () => el.removeEventListener(eventName, callback, options);
  }
  var startDragOrDraw = (s) => (e) => {
    if (s.draggable.current)
      cancel2(s);
    else if (s.drawable.current)
      cancel(s);
    else if (e.shiftKey || isRightButton(e)) {
      if (s.drawable.enabled)
        start(s, e);
    } else if (!s.viewOnly) {
      if (s.dropmode.active)
        drop(s, e);
      else
        start2(s, e);
    }
  };
  var dragOrDraw = (s, withDrag, withDraw) => (e) => {
    if (s.drawable.current) {
      if (s.drawable.enabled)
        withDraw(s, e);
    } else if (!s.viewOnly)
      withDrag(s, e);
  };

  // frontend/node_modules/@lichess-org/chessground/dist/render.js
  function render3(s) {
    const asWhite = whitePov(s), posToTranslate2 = posToTranslate(s.dom.bounds()), boardEl = s.dom.elements.board, pieces = s.pieces, curAnim = s.animation.current, anims = curAnim ? curAnim.plan.anims : /* @__PURE__ */ new Map(), fadings = curAnim ? curAnim.plan.fadings : /* @__PURE__ */ new Map(), curDrag = s.draggable.current, samePieces = /* @__PURE__ */ new Set(), movedPieces = /* @__PURE__ */ new Map(), desiredSquares = computeSquareClasses(s), availableSquares = /* @__PURE__ */ new Map();
    let k, el, pieceAtKey, elPieceName, anim2, fading, pMvdset, pMvd, sAvail;
    el = boardEl.firstChild;
    while (el) {
      k = el.cgKey;
      if (isPieceNode(el)) {
        pieceAtKey = pieces.get(k);
        anim2 = anims.get(k);
        fading = fadings.get(k);
        elPieceName = el.cgPiece;
        if (el.cgDragging && (!curDrag || curDrag.orig !== k)) {
          el.classList.remove("dragging");
          translate(el, posToTranslate2(key2pos(k), asWhite));
          el.cgDragging = false;
        }
        if (!fading && el.cgFading) {
          el.cgFading = false;
          el.classList.remove("fading");
        }
        if (pieceAtKey) {
          if (anim2 && el.cgAnimating && elPieceName === pieceNameOf(pieceAtKey)) {
            const pos = key2pos(k);
            pos[0] += anim2[2];
            pos[1] += anim2[3];
            el.classList.add("anim");
            translate(el, posToTranslate2(pos, asWhite));
          } else if (el.cgAnimating) {
            el.cgAnimating = false;
            el.classList.remove("anim");
            translate(el, posToTranslate2(key2pos(k), asWhite));
            if (s.addPieceZIndex)
              el.style.zIndex = posZIndex(key2pos(k), asWhite);
          }
          if (elPieceName === pieceNameOf(pieceAtKey) && (!fading || !el.cgFading))
            samePieces.add(k);
          else if (fading && elPieceName === pieceNameOf(fading)) {
            el.classList.add("fading");
            el.cgFading = true;
          } else
            appendValue(movedPieces, elPieceName, el);
        } else
          appendValue(movedPieces, elPieceName, el);
      } else if (isSquareNode(el)) {
        const cls = el.className;
        if (desiredSquares.get(k) === cls) {
          setVisible(el, true);
          desiredSquares.delete(k);
        } else
          appendValue(availableSquares, cls, el);
      }
      el = el.nextSibling;
    }
    for (const [sk, className] of desiredSquares) {
      sAvail = availableSquares.get(className)?.pop();
      const translation = posToTranslate2(key2pos(sk), asWhite);
      if (sAvail) {
        sAvail.cgKey = sk;
        if (s.jsHover)
          sAvail.dataset["key"] = sk;
        translate(sAvail, translation);
        setVisible(sAvail, true);
      } else {
        const squareNode = createEl("square", className);
        squareNode.cgKey = sk;
        if (s.jsHover)
          squareNode.dataset["key"] = sk;
        translate(squareNode, translation);
        boardEl.insertBefore(squareNode, boardEl.firstChild);
      }
    }
    for (const [, nodes] of availableSquares.entries()) {
      for (const node of nodes)
        setVisible(node, false);
    }
    for (const [k2, p] of pieces) {
      anim2 = anims.get(k2);
      if (!samePieces.has(k2)) {
        pMvdset = movedPieces.get(pieceNameOf(p));
        pMvd = pMvdset && pMvdset.pop();
        if (pMvd) {
          pMvd.cgKey = k2;
          if (pMvd.cgFading) {
            pMvd.classList.remove("fading");
            pMvd.cgFading = false;
          }
          const pos = key2pos(k2);
          if (s.addPieceZIndex)
            pMvd.style.zIndex = posZIndex(pos, asWhite);
          if (anim2) {
            pMvd.cgAnimating = true;
            pMvd.classList.add("anim");
            pos[0] += anim2[2];
            pos[1] += anim2[3];
          }
          translate(pMvd, posToTranslate2(pos, asWhite));
        } else {
          const pieceName = pieceNameOf(p), pieceNode = createEl("piece", pieceName), pos = key2pos(k2);
          pieceNode.cgPiece = pieceName;
          pieceNode.cgKey = k2;
          if (anim2) {
            pieceNode.cgAnimating = true;
            pos[0] += anim2[2];
            pos[1] += anim2[3];
          }
          translate(pieceNode, posToTranslate2(pos, asWhite));
          if (s.addPieceZIndex)
            pieceNode.style.zIndex = posZIndex(pos, asWhite);
          boardEl.appendChild(pieceNode);
        }
      }
    }
    for (const nodes of movedPieces.values())
      removeNodes(s, nodes);
  }
  function renderResized2(s) {
    const asWhite = whitePov(s), posToTranslate2 = posToTranslate(s.dom.bounds());
    let el = s.dom.elements.board.firstChild;
    while (el) {
      if (isPieceNode(el) && !el.cgAnimating || isSquareNode(el)) {
        translate(el, posToTranslate2(key2pos(el.cgKey), asWhite));
      }
      el = el.nextSibling;
    }
  }
  function updateBounds(s) {
    const bounds = s.dom.elements.wrap.getBoundingClientRect();
    const container = s.dom.elements.container;
    const ratio = bounds.height / bounds.width;
    const width = Math.floor(bounds.width * window.devicePixelRatio / 8) * 8 / window.devicePixelRatio;
    const height = width * ratio;
    container.style.width = width + "px";
    container.style.height = height + "px";
    s.dom.bounds.clear();
    s.addDimensionsCssVarsTo?.style.setProperty("---cg-width", width + "px");
    s.addDimensionsCssVarsTo?.style.setProperty("---cg-height", height + "px");
  }
  var isPieceNode = (el) => el.tagName === "PIECE";
  var isSquareNode = (el) => el.tagName === "SQUARE";
  function removeNodes(s, nodes) {
    for (const node of nodes)
      s.dom.elements.board.removeChild(node);
  }
  function posZIndex(pos, asWhite) {
    const minZ = 3;
    const rank = pos[1];
    const z = asWhite ? minZ + 7 - rank : minZ + rank;
    return `${z}`;
  }
  var pieceNameOf = (piece) => `${piece.color} ${piece.role}`;
  var normalizeLastMoveStandardRookCastle = (s, k) => !!s.lastMove?.[1] && !s.pieces.has(s.lastMove[1]) && s.lastMove[0][0] === "e" && ["h", "a"].includes(s.lastMove[1][0]) && s.lastMove[0][1] === s.lastMove[1][1] && squaresBetween(...key2pos(s.lastMove[0]), ...key2pos(s.lastMove[1])).some((sq) => s.pieces.has(sq)) ? (k > s.lastMove[0] ? "g" : "c") + k[1] : k;
  function computeSquareClasses(s) {
    const squares = /* @__PURE__ */ new Map();
    if (s.lastMove && s.highlight.lastMove)
      for (const [i, k] of s.lastMove.entries())
        addSquare(squares, i === 1 ? normalizeLastMoveStandardRookCastle(s, k) : k, "last-move");
    if (s.check && s.highlight.check)
      addSquare(squares, s.check, "check");
    if (s.selected) {
      addSquare(squares, s.selected, "selected");
      if (s.movable.showDests) {
        for (const k of s.movable.dests?.get(s.selected) ?? [])
          addSquare(squares, k, "move-dest" + (s.pieces.has(k) ? " oc" : ""));
        for (const k of s.premovable.customDests?.get(s.selected) ?? s.premovable.dests ?? [])
          addSquare(squares, k, "premove-dest" + (s.pieces.has(k) ? " oc" : ""));
      }
    }
    const premove2 = s.premovable.current;
    if (premove2)
      for (const k of premove2)
        addSquare(squares, k, "current-premove");
    else if (s.predroppable.current)
      addSquare(squares, s.predroppable.current.key, "current-premove");
    const o = s.exploding;
    if (o)
      for (const k of o.keys)
        addSquare(squares, k, "exploding" + o.stage);
    if (s.highlight.custom) {
      s.highlight.custom.forEach((v, k) => {
        addSquare(squares, k, v);
      });
    }
    return squares;
  }
  function addSquare(squares, key, klass) {
    const classes = squares.get(key);
    if (classes)
      squares.set(key, `${classes} ${klass}`);
    else
      squares.set(key, klass);
  }
  function appendValue(map, key, value) {
    const arr = map.get(key);
    if (arr)
      arr.push(value);
    else
      map.set(key, [value]);
  }

  // frontend/node_modules/@lichess-org/chessground/dist/state.js
  function defaults() {
    return {
      pieces: read(initial),
      orientation: "white",
      turnColor: "white",
      coordinates: true,
      coordinatesOnSquares: false,
      ranksPosition: "right",
      autoCastle: true,
      viewOnly: false,
      disableContextMenu: false,
      addPieceZIndex: false,
      blockTouchScroll: false,
      touchIgnoreRadius: 1,
      pieceKey: false,
      trustAllEvents: false,
      jsHover: false,
      highlight: {
        lastMove: true,
        check: true
      },
      animation: {
        enabled: true,
        duration: 200
      },
      movable: {
        free: true,
        color: "both",
        showDests: true,
        events: {},
        rookCastle: true
      },
      premovable: {
        enabled: true,
        showDests: true,
        castle: true,
        additionalPremoveRequirements: (_) => true,
        events: {}
      },
      predroppable: {
        enabled: false,
        events: {}
      },
      draggable: {
        enabled: true,
        distance: 3,
        autoDistance: true,
        showGhost: true,
        deleteOnDropOff: false
      },
      dropmode: {
        active: false
      },
      selectable: {
        enabled: true
      },
      stats: {
        // on touchscreen, default to "tap-tap" moves
        // instead of drag
        dragged: !("ontouchstart" in window)
      },
      events: {},
      drawable: {
        enabled: true,
        // can draw
        visible: true,
        // can view
        defaultSnapToValidMove: true,
        eraseOnMovablePieceClick: true,
        shapes: [],
        autoShapes: [],
        brushes: {
          green: { key: "g", color: "#15781B", opacity: 1, lineWidth: 10 },
          red: { key: "r", color: "#882020", opacity: 1, lineWidth: 10 },
          blue: { key: "b", color: "#003088", opacity: 1, lineWidth: 10 },
          yellow: { key: "y", color: "#e68f00", opacity: 1, lineWidth: 10 },
          paleBlue: { key: "pb", color: "#003088", opacity: 0.4, lineWidth: 15 },
          paleGreen: { key: "pg", color: "#15781B", opacity: 0.4, lineWidth: 15 },
          paleRed: { key: "pr", color: "#882020", opacity: 0.4, lineWidth: 15 },
          paleGrey: {
            key: "pgr",
            color: "#4a4a4a",
            opacity: 0.35,
            lineWidth: 15
          },
          purple: { key: "purple", color: "#68217a", opacity: 0.65, lineWidth: 10 },
          pink: { key: "pink", color: "#ee2080", opacity: 0.5, lineWidth: 10 },
          white: { key: "white", color: "white", opacity: 1, lineWidth: 10 },
          paleWhite: { key: "pwhite", color: "white", opacity: 0.6, lineWidth: 10 },
          variation: { key: "variation", color: "white", opacity: 0.5, lineWidth: 12 }
        },
        prevSvgHash: ""
      },
      hold: timer()
    };
  }

  // frontend/node_modules/@lichess-org/chessground/dist/svg.js
  function createDefs() {
    const defs = createElement("defs");
    const filter = setAttributes(createElement("filter"), { id: "cg-filter-blur" });
    filter.appendChild(setAttributes(createElement("feGaussianBlur"), { stdDeviation: "0.013" }));
    defs.appendChild(filter);
    return defs;
  }
  function renderSvg(state, els) {
    const d = state.drawable, curD = d.current, cur = curD && curD.mouseSq ? curD : void 0, dests = /* @__PURE__ */ new Map(), bounds = state.dom.bounds(), nonPieceAutoShapes = d.autoShapes.filter((autoShape) => !autoShape.piece);
    for (const s of d.shapes.concat(nonPieceAutoShapes).concat(cur ? [cur] : [])) {
      if (!s.dest)
        continue;
      const sources = dests.get(s.dest) ?? /* @__PURE__ */ new Set(), from = pos2user(orient(key2pos(s.orig), state.orientation), bounds), to = pos2user(orient(key2pos(s.dest), state.orientation), bounds);
      sources.add(angleToSlot(moveAngle(from, to)));
      dests.set(s.dest, sources);
    }
    const shapes = [];
    const pendingEraseIdx = cur ? d.shapes.findIndex((s) => sameEndpoints(s, cur) && sameColor(s, cur)) : -1;
    for (const [idx, s] of d.shapes.concat(nonPieceAutoShapes).entries()) {
      const isPendingErase = pendingEraseIdx !== -1 && pendingEraseIdx === idx;
      shapes.push({
        shape: s,
        current: false,
        pendingErase: isPendingErase,
        hash: shapeHash(s, isShort(s.dest, dests), false, bounds, isPendingErase, angleCount(s.dest, dests))
      });
    }
    if (cur && pendingEraseIdx === -1)
      shapes.push({
        shape: cur,
        current: true,
        hash: shapeHash(cur, isShort(cur.dest, dests), true, bounds, false, angleCount(cur.dest, dests)),
        pendingErase: false
      });
    const fullHash = shapes.map((sc) => sc.hash).join(";");
    if (fullHash === state.drawable.prevSvgHash)
      return;
    state.drawable.prevSvgHash = fullHash;
    syncDefs(d, shapes, els);
    syncShapes2(shapes, els, (s) => renderShape2(state, s, d.brushes, dests, bounds));
  }
  function syncDefs(d, shapes, els) {
    for (const shapesEl of [els.shapes, els.shapesBelow]) {
      const defsEl = shapesEl.querySelector("defs");
      const thisPlane = shapes.filter((s) => shapesEl === els.shapesBelow === !!s.shape.below);
      const brushes2 = /* @__PURE__ */ new Map();
      for (const s of thisPlane.filter((s2) => s2.shape.dest && s2.shape.brush)) {
        const brush = makeCustomBrush(d.brushes[s.shape.brush], s.shape.modifiers);
        const { key, color } = hiliteOf(s.shape);
        if (key && color)
          brushes2.set(key, { key, color, opacity: 1, lineWidth: 1 });
        brushes2.set(brush.key, brush);
      }
      const keysInDom = /* @__PURE__ */ new Set();
      let el = defsEl.firstElementChild;
      while (el) {
        keysInDom.add(el.getAttribute("cgKey"));
        el = el.nextElementSibling;
      }
      for (const [key, brush] of brushes2.entries()) {
        if (!keysInDom.has(key))
          defsEl.appendChild(renderMarker(brush));
      }
    }
  }
  function syncShapes2(shapes, els, renderShape3) {
    for (const [shapesEl, customEl] of [
      [els.shapes, els.custom],
      [els.shapesBelow, els.customBelow]
    ]) {
      const [shapesG, customG] = [shapesEl, customEl].map((el) => el.querySelector("g"));
      const thisPlane = shapes.filter((s) => shapesEl === els.shapesBelow === !!s.shape.below);
      const hashesInDom = /* @__PURE__ */ new Map();
      for (const sc of thisPlane)
        hashesInDom.set(sc.hash, false);
      for (const root of [shapesG, customG]) {
        const toRemove = [];
        let el = root.firstElementChild, elHash;
        while (el) {
          elHash = el.getAttribute("cgHash");
          if (hashesInDom.has(elHash))
            hashesInDom.set(elHash, true);
          else
            toRemove.push(el);
          el = el.nextElementSibling;
        }
        for (const el2 of toRemove)
          root.removeChild(el2);
      }
      for (const sc of thisPlane.filter((s) => !hashesInDom.get(s.hash))) {
        for (const svg of renderShape3(sc)) {
          if (svg.isCustom)
            customG.appendChild(svg.el);
          else
            shapesG.appendChild(svg.el);
        }
      }
    }
  }
  function shapeHash({ orig, dest, brush, piece, modifiers, customSvg, label, below }, shorten, current, bounds, pendingErase, angleCountOfDest) {
    return [
      bounds.width,
      bounds.height,
      current,
      pendingErase && "pendingErase",
      angleCountOfDest,
      orig,
      dest,
      brush,
      shorten && "-",
      piece && pieceHash(piece),
      modifiers && modifiersHash(modifiers),
      customSvg && `custom-${textHash(customSvg.html)},${customSvg.center?.[0] ?? "o"}`,
      label && `label-${textHash(label.text)}`,
      below && "below"
    ].filter(Boolean).join(",");
  }
  var pieceHash = (piece) => [piece.color, piece.role, piece.scale].filter(Boolean).join(",");
  var modifiersHash = (m) => [m.lineWidth, m.hilite].filter(Boolean).join(",");
  function textHash(s) {
    let h = 0;
    for (let i = 0; i < s.length; i++) {
      h = (h << 5) - h + s.charCodeAt(i) >>> 0;
    }
    return h.toString();
  }
  function renderShape2(state, { shape, current, pendingErase, hash: hash2 }, brushes2, dests, bounds) {
    const from = pos2user(orient(key2pos(shape.orig), state.orientation), bounds), to = shape.dest ? pos2user(orient(key2pos(shape.dest), state.orientation), bounds) : from, brush = shape.brush && makeCustomBrush(brushes2[shape.brush], shape.modifiers), slots = dests.get(shape.dest), svgs = [];
    if (brush) {
      const el = setAttributes(createElement("g"), { cgHash: hash2 });
      svgs.push({ el });
      if (from[0] !== to[0] || from[1] !== to[1])
        el.appendChild(renderArrow(shape, brush, from, to, current, isShort(shape.dest, dests), pendingErase));
      else
        el.appendChild(renderCircle(brushes2[shape.brush], from, current, bounds, pendingErase, shape.modifiers?.hilite));
    }
    if (shape.label) {
      const label = shape.label;
      label.fill ?? (label.fill = shape.brush && brushes2[shape.brush].color);
      const corner = shape.brush ? void 0 : "tr";
      svgs.push({ el: renderLabel(label, hash2, from, to, slots, corner), isCustom: true });
    }
    if (shape.customSvg) {
      const on = shape.customSvg.center ?? "orig";
      const [x, y] = on === "label" ? labelCoords(from, to, slots).map((c) => c - 0.5) : on === "dest" ? to : from;
      const el = setAttributes(createElement("g"), { transform: `translate(${x},${y})`, cgHash: hash2 });
      el.innerHTML = `<svg width="1" height="1" viewBox="0 0 100 100">${shape.customSvg.html}</svg>`;
      svgs.push({ el, isCustom: true });
    }
    return svgs;
  }
  function renderCircle(brush, at, current, bounds, pendingErase, hiliteColor) {
    const widths = circleWidth(), radius = (bounds.width + bounds.height) / (4 * Math.max(bounds.width, bounds.height));
    function renderOneCircle(isHilite) {
      return setAttributes(createElement("circle"), {
        stroke: isHilite ? hiliteColor : brush.color,
        "stroke-width": widths[current ? 0 : 1] * (isHilite ? 2 : 1),
        fill: "none",
        opacity: hiliteColor && !pendingErase ? 1 : opacity(brush, current, pendingErase),
        cx: at[0],
        cy: at[1],
        r: radius - widths[1] / 2
      });
    }
    if (!hiliteColor)
      return renderOneCircle(false);
    const g = setAttributes(createElement("g"), { opacity: brush.opacity });
    const blurred = setAttributes(createElement("g"), { filter: "url(#cg-filter-blur)" });
    blurred.appendChild(renderOneCircle(true));
    g.appendChild(blurred);
    g.appendChild(renderOneCircle(false));
    return g;
  }
  function renderArrow(s, brush, from, to, current, shorten, pendingErase) {
    function renderLine(isHilite) {
      const m = arrowMargin(shorten && !current), dx = to[0] - from[0], dy = to[1] - from[1], angle = Math.atan2(dy, dx), xo = Math.cos(angle) * m, yo = Math.sin(angle) * m;
      const hilite = hiliteOf(s);
      return setAttributes(createElement("line"), {
        stroke: isHilite ? hilite.color : brush.color,
        "stroke-width": lineWidth(brush, current) * (isHilite ? 1.14 : 1),
        "stroke-linecap": "round",
        "marker-end": `url(#arrowhead-${isHilite ? hilite.key : brush.key})`,
        opacity: s.modifiers?.hilite && !pendingErase ? 1 : opacity(brush, current, pendingErase),
        x1: from[0],
        y1: from[1],
        x2: to[0] - xo,
        y2: to[1] - yo
      });
    }
    if (!s.modifiers?.hilite)
      return renderLine(false);
    const g = setAttributes(createElement("g"), { opacity: brush.opacity });
    const blurred = setAttributes(createElement("g"), { filter: "url(#cg-filter-blur)" });
    blurred.appendChild(filterBox(from, to));
    blurred.appendChild(renderLine(true));
    g.appendChild(blurred);
    g.appendChild(renderLine(false));
    return g;
  }
  function renderMarker(brush) {
    const marker = setAttributes(createElement("marker"), {
      id: "arrowhead-" + brush.key,
      orient: "auto",
      overflow: "visible",
      markerWidth: 4,
      markerHeight: 4,
      refX: brush.key.startsWith("hilite") ? 1.86 : 2.05,
      refY: 2
    });
    marker.appendChild(setAttributes(createElement("path"), {
      d: "M0,0 V4 L3,2 Z",
      fill: brush.color
    }));
    marker.setAttribute("cgKey", brush.key);
    return marker;
  }
  function renderLabel(label, hash2, from, to, slots, corner) {
    const labelSize = 0.4, fontSize = labelSize * 0.75 ** label.text.length, at = labelCoords(from, to, slots), cornerOff = corner === "tr" ? 0.4 : 0, g = setAttributes(createElement("g"), {
      transform: `translate(${at[0] + cornerOff},${at[1] - cornerOff})`,
      cgHash: hash2
    });
    g.appendChild(setAttributes(createElement("circle"), {
      r: labelSize / 2,
      "fill-opacity": corner ? 1 : 0.8,
      "stroke-opacity": corner ? 1 : 0.7,
      "stroke-width": 0.03,
      fill: label.fill ?? "#666",
      stroke: "white"
    }));
    const labelEl = setAttributes(createElement("text"), {
      "font-size": fontSize,
      "font-family": "Noto Sans",
      "text-anchor": "middle",
      fill: "white",
      y: 0.13 * 0.75 ** label.text.length
    });
    labelEl.innerHTML = label.text;
    g.appendChild(labelEl);
    return g;
  }
  var orient = (pos, color) => color === "white" ? pos : [7 - pos[0], 7 - pos[1]];
  var mod = (n, m) => (n % m + m) % m;
  var rotateAngleSlot = (slot, steps) => mod(slot + steps, 16);
  var anyTwoCloserThan90Degrees = (slots) => [...slots].some((slot) => [-3, -2, -1, 1, 2, 3].some((i) => slots.has(rotateAngleSlot(slot, i))));
  var isShort = (dest, dests) => !!dest && dests.has(dest) && anyTwoCloserThan90Degrees(dests.get(dest));
  var createElement = (tagName) => document.createElementNS("http://www.w3.org/2000/svg", tagName);
  var angleCount = (dest, dests) => dest && dests.has(dest) ? dests.get(dest).size : 0;
  function setAttributes(el, attrs) {
    for (const key in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, key))
        el.setAttribute(key, attrs[key]);
    }
    return el;
  }
  var makeCustomBrush = (base, modifiers) => !modifiers ? base : {
    color: base.color,
    opacity: Math.round(base.opacity * 10) / 10,
    lineWidth: Math.round(modifiers.lineWidth || base.lineWidth),
    key: [base.key, modifiers.lineWidth].filter(Boolean).join("")
  };
  var circleWidth = () => [3 / 64, 4 / 64];
  var lineWidth = (brush, current) => (brush.lineWidth || 10) * (current ? 0.85 : 1) / 64;
  function hiliteOf(shape) {
    const hilite = shape.modifiers?.hilite;
    return { key: hilite && `hilite-${hilite.replace("#", "")}`, color: hilite };
  }
  var opacity = (brush, current, pendingErase) => (brush.opacity || 1) * (pendingErase ? 0.6 : current ? 0.9 : 1);
  var arrowMargin = (shorten) => (shorten ? 20 : 10) / 64;
  function pos2user(pos, bounds) {
    const xScale = Math.min(1, bounds.width / bounds.height);
    const yScale = Math.min(1, bounds.height / bounds.width);
    return [(pos[0] - 3.5) * xScale, (3.5 - pos[1]) * yScale];
  }
  function filterBox(from, to) {
    const box = {
      from: [Math.floor(Math.min(from[0], to[0])), Math.floor(Math.min(from[1], to[1]))],
      to: [Math.ceil(Math.max(from[0], to[0])), Math.ceil(Math.max(from[1], to[1]))]
    };
    return setAttributes(createElement("rect"), {
      x: box.from[0],
      y: box.from[1],
      width: box.to[0] - box.from[0],
      height: box.to[1] - box.from[1],
      fill: "none",
      stroke: "none"
    });
  }
  var angleToSlot = (angle) => mod(Math.round(angle * 8 / Math.PI), 16);
  var moveAngle = (from, to) => Math.atan2(to[1] - from[1], to[0] - from[0]) + Math.PI;
  var dist = (from, to) => Math.sqrt([from[0] - to[0], from[1] - to[1]].reduce((acc, x) => acc + x * x, 0));
  function labelCoords(from, to, slots) {
    let mag = dist(from, to);
    const angle = moveAngle(from, to);
    if (slots) {
      mag -= 33 / 64;
      if (anyTwoCloserThan90Degrees(slots)) {
        mag -= 10 / 64;
        const slot = angleToSlot(angle);
        if (slot & 1 && [-1, 1].some((s) => slots.has(rotateAngleSlot(slot, s))))
          mag -= 0.4;
      }
    }
    return [from[0] - Math.cos(angle) * mag, from[1] - Math.sin(angle) * mag].map((c) => c + 0.5);
  }

  // frontend/node_modules/@lichess-org/chessground/dist/wrap.js
  function renderWrap(element, s) {
    element.innerHTML = "";
    element.classList.add("cg-wrap");
    for (const c of colors)
      element.classList.toggle("orientation-" + c, s.orientation === c);
    element.classList.toggle("manipulable", !s.viewOnly);
    const container = createEl("cg-container");
    element.appendChild(container);
    const board = createEl("cg-board");
    container.appendChild(board);
    let shapesBelow;
    let shapes;
    let customBelow;
    let custom;
    let autoPieces;
    if (s.drawable.visible) {
      [shapesBelow, shapes] = ["cg-shapes-below", "cg-shapes"].map((cls) => svgContainer(cls, true));
      [customBelow, custom] = ["cg-custom-below", "cg-custom-svgs"].map((cls) => svgContainer(cls, false));
      autoPieces = createEl("cg-auto-pieces");
      container.appendChild(shapesBelow);
      container.appendChild(customBelow);
      container.appendChild(shapes);
      container.appendChild(custom);
      container.appendChild(autoPieces);
    }
    if (s.coordinates) {
      const orientClass = s.orientation === "black" ? " black" : "";
      const ranksPositionClass = s.ranksPosition === "left" ? " left" : "";
      if (s.coordinatesOnSquares) {
        const rankN = s.orientation === "white" ? (i) => i + 1 : (i) => 8 - i;
        files.forEach((f, i) => container.appendChild(renderCoords(ranks.map((r) => f + r), "squares rank" + rankN(i) + orientClass + ranksPositionClass, i % 2 === 0 ? "black" : "white")));
      } else {
        container.appendChild(renderCoords(ranks, "ranks" + orientClass + ranksPositionClass, s.ranksPosition === "right" === (s.orientation === "white") ? "white" : "black"));
        container.appendChild(renderCoords(files, "files" + orientClass, opposite(s.orientation)));
      }
    }
    let ghost;
    if (!s.viewOnly && s.draggable.enabled && s.draggable.showGhost) {
      ghost = createEl("piece", "ghost");
      setVisible(ghost, false);
      container.appendChild(ghost);
    }
    return { board, container, wrap: element, ghost, shapes, shapesBelow, custom, customBelow, autoPieces };
  }
  function svgContainer(cls, isShapes) {
    const svg = setAttributes(createElement("svg"), {
      class: cls,
      viewBox: isShapes ? "-4 -4 8 8" : "-3.5 -3.5 8 8",
      preserveAspectRatio: "xMidYMid slice",
      style: "color-scheme:light only"
    });
    if (isShapes)
      svg.appendChild(createDefs());
    svg.appendChild(createElement("g"));
    return svg;
  }
  function renderCoords(elems, className, firstColor) {
    const el = createEl("coords", className);
    let f;
    elems.forEach((elem, i) => {
      const light = i % 2 === (firstColor === "white" ? 0 : 1);
      f = createEl("coord", `coord-${light ? "light" : "dark"}`);
      f.textContent = elem;
      el.appendChild(f);
    });
    return el;
  }

  // frontend/node_modules/@lichess-org/chessground/dist/chessground.js
  function Chessground(element, config) {
    const maybeState = defaults();
    configure(maybeState, config || {});
    function redrawAll() {
      const prevUnbind = "dom" in maybeState ? maybeState.dom.unbind : void 0;
      const elements = renderWrap(element, maybeState), bounds = memo(() => elements.board.getBoundingClientRect()), redrawNow = (skipSvg) => {
        render3(state);
        if (elements.autoPieces)
          render2(state, elements.autoPieces);
        if (!skipSvg && elements.shapes)
          renderSvg(state, elements);
      }, onResize = () => {
        updateBounds(state);
        renderResized2(state);
        if (elements.autoPieces)
          renderResized(state);
      };
      const state = maybeState;
      state.dom = {
        elements,
        bounds,
        redraw: debounceRedraw(redrawNow),
        redrawNow,
        unbind: prevUnbind
      };
      state.drawable.prevSvgHash = "";
      updateBounds(state);
      redrawNow(false);
      bindBoard(state);
      if (!prevUnbind)
        state.dom.unbind = bindDocument(state, onResize);
      state.events.insert?.(elements);
      return state;
    }
    return start3(redrawAll(), redrawAll);
  }
  function debounceRedraw(redrawNow) {
    let redrawing = false;
    return () => {
      if (redrawing)
        return;
      redrawing = true;
      requestAnimationFrame(() => {
        redrawNow();
        redrawing = false;
      });
    };
  }

  // frontend/node_modules/chessops/dist/esm/types.js
  var FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"];
  var RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"];
  var COLORS = ["white", "black"];
  var ROLES = ["pawn", "knight", "bishop", "rook", "queen", "king"];
  var CASTLING_SIDES = ["a", "h"];
  var isDrop = (v) => "role" in v;

  // frontend/node_modules/chessops/dist/esm/util.js
  var defined = (v) => v !== void 0;
  var opposite2 = (color) => color === "white" ? "black" : "white";
  var squareRank = (square) => square >> 3;
  var squareFile = (square) => square & 7;
  var squareFromCoords = (file, rank) => 0 <= file && file < 8 && 0 <= rank && rank < 8 ? file + 8 * rank : void 0;
  var roleToChar = (role) => {
    switch (role) {
      case "pawn":
        return "p";
      case "knight":
        return "n";
      case "bishop":
        return "b";
      case "rook":
        return "r";
      case "queen":
        return "q";
      case "king":
        return "k";
    }
  };
  function charToRole(ch) {
    switch (ch.toLowerCase()) {
      case "p":
        return "pawn";
      case "n":
        return "knight";
      case "b":
        return "bishop";
      case "r":
        return "rook";
      case "q":
        return "queen";
      case "k":
        return "king";
      default:
        return;
    }
  }
  function parseSquare(str) {
    if (str.length !== 2)
      return;
    return squareFromCoords(str.charCodeAt(0) - "a".charCodeAt(0), str.charCodeAt(1) - "1".charCodeAt(0));
  }
  var makeSquare = (square) => FILE_NAMES[squareFile(square)] + RANK_NAMES[squareRank(square)];
  var parseUci = (str) => {
    if (str[1] === "@" && str.length === 4) {
      const role = charToRole(str[0]);
      const to = parseSquare(str.slice(2));
      if (role && defined(to))
        return { role, to };
    } else if (str.length === 4 || str.length === 5) {
      const from = parseSquare(str.slice(0, 2));
      const to = parseSquare(str.slice(2, 4));
      let promotion;
      if (str.length === 5) {
        promotion = charToRole(str[4]);
        if (!promotion)
          return;
      }
      if (defined(from) && defined(to))
        return { from, to, promotion };
    }
    return;
  };
  var kingCastlesTo = (color, side) => color === "white" ? side === "a" ? 2 : 6 : side === "a" ? 58 : 62;
  var rookCastlesTo = (color, side) => color === "white" ? side === "a" ? 3 : 5 : side === "a" ? 59 : 61;

  // frontend/node_modules/chessops/dist/esm/compat.js
  var chessgroundDests = (pos, opts) => {
    const result = /* @__PURE__ */ new Map();
    const ctx = pos.ctx();
    for (const [from, squares] of pos.allDests(ctx)) {
      if (squares.nonEmpty()) {
        const d = Array.from(squares, makeSquare);
        if (!(opts === null || opts === void 0 ? void 0 : opts.chess960) && from === ctx.king && squareFile(from) === 4) {
          if (squares.has(0))
            d.push("c1");
          else if (squares.has(56))
            d.push("c8");
          if (squares.has(7))
            d.push("g1");
          else if (squares.has(63))
            d.push("g8");
        }
        result.set(makeSquare(from), d);
      }
    }
    return result;
  };

  // frontend/node_modules/@badrap/result/dist/mjs/index.mjs
  var _Result = class {
    unwrap(ok, err) {
      const r = this._chain((value) => Result.ok(ok ? ok(value) : value), (error) => err ? Result.ok(err(error)) : Result.err(error));
      if (r.isErr) {
        throw r.error;
      }
      return r.value;
    }
    map(ok, err) {
      return this._chain((value) => Result.ok(ok(value)), (error) => Result.err(err ? err(error) : error));
    }
    chain(ok, err) {
      return this._chain(ok, err !== null && err !== void 0 ? err : ((error) => Result.err(error)));
    }
  };
  var _Ok = class extends _Result {
    constructor(value) {
      super();
      this.value = value;
      this.isOk = true;
      this.isErr = false;
    }
    _chain(ok, _err) {
      return ok(this.value);
    }
  };
  var _Err = class extends _Result {
    constructor(error) {
      super();
      this.error = error;
      this.isOk = false;
      this.isErr = true;
    }
    _chain(_ok, err) {
      return err(this.error);
    }
  };
  var Result;
  (function(Result2) {
    function ok(value) {
      return new _Ok(value);
    }
    Result2.ok = ok;
    function err(error) {
      return new _Err(error || new Error());
    }
    Result2.err = err;
    function all(obj) {
      if (Array.isArray(obj)) {
        const res2 = [];
        for (let i = 0; i < obj.length; i++) {
          const item = obj[i];
          if (item.isErr) {
            return item;
          }
          res2.push(item.value);
        }
        return Result2.ok(res2);
      }
      const res = {};
      const keys = Object.keys(obj);
      for (let i = 0; i < keys.length; i++) {
        const item = obj[keys[i]];
        if (item.isErr) {
          return item;
        }
        res[keys[i]] = item.value;
      }
      return Result2.ok(res);
    }
    Result2.all = all;
  })(Result || (Result = {}));

  // frontend/node_modules/chessops/dist/esm/squareSet.js
  var popcnt32 = (n) => {
    n = n - (n >>> 1 & 1431655765);
    n = (n & 858993459) + (n >>> 2 & 858993459);
    return Math.imul(n + (n >>> 4) & 252645135, 16843009) >> 24;
  };
  var bswap32 = (n) => {
    n = n >>> 8 & 16711935 | (n & 16711935) << 8;
    return n >>> 16 & 65535 | (n & 65535) << 16;
  };
  var rbit32 = (n) => {
    n = n >>> 1 & 1431655765 | (n & 1431655765) << 1;
    n = n >>> 2 & 858993459 | (n & 858993459) << 2;
    n = n >>> 4 & 252645135 | (n & 252645135) << 4;
    return bswap32(n);
  };
  var SquareSet = class _SquareSet {
    constructor(lo, hi) {
      this.lo = lo | 0;
      this.hi = hi | 0;
    }
    static fromSquare(square) {
      return square >= 32 ? new _SquareSet(0, 1 << square - 32) : new _SquareSet(1 << square, 0);
    }
    static fromRank(rank) {
      return new _SquareSet(255, 0).shl64(8 * rank);
    }
    static fromFile(file) {
      return new _SquareSet(16843009 << file, 16843009 << file);
    }
    static empty() {
      return new _SquareSet(0, 0);
    }
    static full() {
      return new _SquareSet(4294967295, 4294967295);
    }
    static corners() {
      return new _SquareSet(129, 2164260864);
    }
    static center() {
      return new _SquareSet(402653184, 24);
    }
    static backranks() {
      return new _SquareSet(255, 4278190080);
    }
    static backrank(color) {
      return color === "white" ? new _SquareSet(255, 0) : new _SquareSet(0, 4278190080);
    }
    static lightSquares() {
      return new _SquareSet(1437226410, 1437226410);
    }
    static darkSquares() {
      return new _SquareSet(2857740885, 2857740885);
    }
    complement() {
      return new _SquareSet(~this.lo, ~this.hi);
    }
    xor(other) {
      return new _SquareSet(this.lo ^ other.lo, this.hi ^ other.hi);
    }
    union(other) {
      return new _SquareSet(this.lo | other.lo, this.hi | other.hi);
    }
    intersect(other) {
      return new _SquareSet(this.lo & other.lo, this.hi & other.hi);
    }
    diff(other) {
      return new _SquareSet(this.lo & ~other.lo, this.hi & ~other.hi);
    }
    intersects(other) {
      return this.intersect(other).nonEmpty();
    }
    isDisjoint(other) {
      return this.intersect(other).isEmpty();
    }
    supersetOf(other) {
      return other.diff(this).isEmpty();
    }
    subsetOf(other) {
      return this.diff(other).isEmpty();
    }
    shr64(shift) {
      if (shift >= 64)
        return _SquareSet.empty();
      if (shift >= 32)
        return new _SquareSet(this.hi >>> shift - 32, 0);
      if (shift > 0)
        return new _SquareSet(this.lo >>> shift ^ this.hi << 32 - shift, this.hi >>> shift);
      return this;
    }
    shl64(shift) {
      if (shift >= 64)
        return _SquareSet.empty();
      if (shift >= 32)
        return new _SquareSet(0, this.lo << shift - 32);
      if (shift > 0)
        return new _SquareSet(this.lo << shift, this.hi << shift ^ this.lo >>> 32 - shift);
      return this;
    }
    bswap64() {
      return new _SquareSet(bswap32(this.hi), bswap32(this.lo));
    }
    rbit64() {
      return new _SquareSet(rbit32(this.hi), rbit32(this.lo));
    }
    minus64(other) {
      const lo = this.lo - other.lo;
      const c = (lo & other.lo & 1) + (other.lo >>> 1) + (lo >>> 1) >>> 31;
      return new _SquareSet(lo, this.hi - (other.hi + c));
    }
    equals(other) {
      return this.lo === other.lo && this.hi === other.hi;
    }
    size() {
      return popcnt32(this.lo) + popcnt32(this.hi);
    }
    isEmpty() {
      return this.lo === 0 && this.hi === 0;
    }
    nonEmpty() {
      return this.lo !== 0 || this.hi !== 0;
    }
    has(square) {
      return (square >= 32 ? this.hi & 1 << square - 32 : this.lo & 1 << square) !== 0;
    }
    set(square, on) {
      return on ? this.with(square) : this.without(square);
    }
    with(square) {
      return square >= 32 ? new _SquareSet(this.lo, this.hi | 1 << square - 32) : new _SquareSet(this.lo | 1 << square, this.hi);
    }
    without(square) {
      return square >= 32 ? new _SquareSet(this.lo, this.hi & ~(1 << square - 32)) : new _SquareSet(this.lo & ~(1 << square), this.hi);
    }
    toggle(square) {
      return square >= 32 ? new _SquareSet(this.lo, this.hi ^ 1 << square - 32) : new _SquareSet(this.lo ^ 1 << square, this.hi);
    }
    last() {
      if (this.hi !== 0)
        return 63 - Math.clz32(this.hi);
      if (this.lo !== 0)
        return 31 - Math.clz32(this.lo);
      return;
    }
    first() {
      if (this.lo !== 0)
        return 31 - Math.clz32(this.lo & -this.lo);
      if (this.hi !== 0)
        return 63 - Math.clz32(this.hi & -this.hi);
      return;
    }
    withoutFirst() {
      if (this.lo !== 0)
        return new _SquareSet(this.lo & this.lo - 1, this.hi);
      return new _SquareSet(0, this.hi & this.hi - 1);
    }
    moreThanOne() {
      return this.hi !== 0 && this.lo !== 0 || (this.lo & this.lo - 1) !== 0 || (this.hi & this.hi - 1) !== 0;
    }
    singleSquare() {
      return this.moreThanOne() ? void 0 : this.last();
    }
    *[Symbol.iterator]() {
      let lo = this.lo;
      let hi = this.hi;
      while (lo !== 0) {
        const idx = 31 - Math.clz32(lo & -lo);
        lo ^= 1 << idx;
        yield idx;
      }
      while (hi !== 0) {
        const idx = 31 - Math.clz32(hi & -hi);
        hi ^= 1 << idx;
        yield 32 + idx;
      }
    }
    *reversed() {
      let lo = this.lo;
      let hi = this.hi;
      while (hi !== 0) {
        const idx = 31 - Math.clz32(hi);
        hi ^= 1 << idx;
        yield 32 + idx;
      }
      while (lo !== 0) {
        const idx = 31 - Math.clz32(lo);
        lo ^= 1 << idx;
        yield idx;
      }
    }
  };

  // frontend/node_modules/chessops/dist/esm/board.js
  var Board = class _Board {
    constructor() {
    }
    static default() {
      const board = new _Board();
      board.reset();
      return board;
    }
    /**
     * Resets all pieces to the default starting position for standard chess.
     */
    reset() {
      this.occupied = new SquareSet(65535, 4294901760);
      this.promoted = SquareSet.empty();
      this.white = new SquareSet(65535, 0);
      this.black = new SquareSet(0, 4294901760);
      this.pawn = new SquareSet(65280, 16711680);
      this.knight = new SquareSet(66, 1107296256);
      this.bishop = new SquareSet(36, 603979776);
      this.rook = new SquareSet(129, 2164260864);
      this.queen = new SquareSet(8, 134217728);
      this.king = new SquareSet(16, 268435456);
    }
    static empty() {
      const board = new _Board();
      board.clear();
      return board;
    }
    clear() {
      this.occupied = SquareSet.empty();
      this.promoted = SquareSet.empty();
      for (const color of COLORS)
        this[color] = SquareSet.empty();
      for (const role of ROLES)
        this[role] = SquareSet.empty();
    }
    clone() {
      const board = new _Board();
      board.occupied = this.occupied;
      board.promoted = this.promoted;
      for (const color of COLORS)
        board[color] = this[color];
      for (const role of ROLES)
        board[role] = this[role];
      return board;
    }
    getColor(square) {
      if (this.white.has(square))
        return "white";
      if (this.black.has(square))
        return "black";
      return;
    }
    getRole(square) {
      for (const role of ROLES) {
        if (this[role].has(square))
          return role;
      }
      return;
    }
    get(square) {
      const color = this.getColor(square);
      if (!color)
        return;
      const role = this.getRole(square);
      const promoted = this.promoted.has(square);
      return { color, role, promoted };
    }
    /**
     * Removes and returns the piece from the given `square`, if any.
     */
    take(square) {
      const piece = this.get(square);
      if (piece) {
        this.occupied = this.occupied.without(square);
        this[piece.color] = this[piece.color].without(square);
        this[piece.role] = this[piece.role].without(square);
        if (piece.promoted)
          this.promoted = this.promoted.without(square);
      }
      return piece;
    }
    /**
     * Put `piece` onto `square`, potentially replacing an existing piece.
     * Returns the existing piece, if any.
     */
    set(square, piece) {
      const old = this.take(square);
      this.occupied = this.occupied.with(square);
      this[piece.color] = this[piece.color].with(square);
      this[piece.role] = this[piece.role].with(square);
      if (piece.promoted)
        this.promoted = this.promoted.with(square);
      return old;
    }
    has(square) {
      return this.occupied.has(square);
    }
    *[Symbol.iterator]() {
      for (const square of this.occupied) {
        yield [square, this.get(square)];
      }
    }
    pieces(color, role) {
      return this[color].intersect(this[role]);
    }
    rooksAndQueens() {
      return this.rook.union(this.queen);
    }
    bishopsAndQueens() {
      return this.bishop.union(this.queen);
    }
    steppers() {
      return this.knight.union(this.pawn).union(this.king);
    }
    sliders() {
      return this.bishop.union(this.rook).union(this.queen);
    }
    /**
     * Finds the unique king of the given `color`, if any.
     */
    kingOf(color) {
      return this.pieces(color, "king").singleSquare();
    }
  };

  // frontend/node_modules/chessops/dist/esm/setup.js
  var MaterialSide = class _MaterialSide {
    constructor() {
    }
    static empty() {
      const m = new _MaterialSide();
      for (const role of ROLES)
        m[role] = 0;
      return m;
    }
    static fromBoard(board, color) {
      const m = new _MaterialSide();
      for (const role of ROLES)
        m[role] = board.pieces(color, role).size();
      return m;
    }
    clone() {
      const m = new _MaterialSide();
      for (const role of ROLES)
        m[role] = this[role];
      return m;
    }
    equals(other) {
      return ROLES.every((role) => this[role] === other[role]);
    }
    add(other) {
      const m = new _MaterialSide();
      for (const role of ROLES)
        m[role] = this[role] + other[role];
      return m;
    }
    subtract(other) {
      const m = new _MaterialSide();
      for (const role of ROLES)
        m[role] = this[role] - other[role];
      return m;
    }
    nonEmpty() {
      return ROLES.some((role) => this[role] > 0);
    }
    isEmpty() {
      return !this.nonEmpty();
    }
    hasPawns() {
      return this.pawn > 0;
    }
    hasNonPawns() {
      return this.knight > 0 || this.bishop > 0 || this.rook > 0 || this.queen > 0 || this.king > 0;
    }
    size() {
      return this.pawn + this.knight + this.bishop + this.rook + this.queen + this.king;
    }
  };
  var Material = class _Material {
    constructor(white, black) {
      this.white = white;
      this.black = black;
    }
    static empty() {
      return new _Material(MaterialSide.empty(), MaterialSide.empty());
    }
    static fromBoard(board) {
      return new _Material(MaterialSide.fromBoard(board, "white"), MaterialSide.fromBoard(board, "black"));
    }
    clone() {
      return new _Material(this.white.clone(), this.black.clone());
    }
    equals(other) {
      return this.white.equals(other.white) && this.black.equals(other.black);
    }
    add(other) {
      return new _Material(this.white.add(other.white), this.black.add(other.black));
    }
    subtract(other) {
      return new _Material(this.white.subtract(other.white), this.black.subtract(other.black));
    }
    count(role) {
      return this.white[role] + this.black[role];
    }
    size() {
      return this.white.size() + this.black.size();
    }
    isEmpty() {
      return this.white.isEmpty() && this.black.isEmpty();
    }
    nonEmpty() {
      return !this.isEmpty();
    }
    hasPawns() {
      return this.white.hasPawns() || this.black.hasPawns();
    }
    hasNonPawns() {
      return this.white.hasNonPawns() || this.black.hasNonPawns();
    }
  };
  var RemainingChecks = class _RemainingChecks {
    constructor(white, black) {
      this.white = white;
      this.black = black;
    }
    static default() {
      return new _RemainingChecks(3, 3);
    }
    clone() {
      return new _RemainingChecks(this.white, this.black);
    }
    equals(other) {
      return this.white === other.white && this.black === other.black;
    }
  };

  // frontend/node_modules/chessops/dist/esm/fen.js
  var INITIAL_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  var INITIAL_EPD = INITIAL_BOARD_FEN + " w KQkq -";
  var INITIAL_FEN = INITIAL_EPD + " 0 1";
  var EMPTY_BOARD_FEN = "8/8/8/8/8/8/8/8";
  var EMPTY_EPD = EMPTY_BOARD_FEN + " w - -";
  var EMPTY_FEN = EMPTY_EPD + " 0 1";
  var InvalidFen;
  (function(InvalidFen2) {
    InvalidFen2["Fen"] = "ERR_FEN";
    InvalidFen2["Board"] = "ERR_BOARD";
    InvalidFen2["Pockets"] = "ERR_POCKETS";
    InvalidFen2["Turn"] = "ERR_TURN";
    InvalidFen2["Castling"] = "ERR_CASTLING";
    InvalidFen2["EpSquare"] = "ERR_EP_SQUARE";
    InvalidFen2["RemainingChecks"] = "ERR_REMAINING_CHECKS";
    InvalidFen2["Halfmoves"] = "ERR_HALFMOVES";
    InvalidFen2["Fullmoves"] = "ERR_FULLMOVES";
  })(InvalidFen || (InvalidFen = {}));
  var FenError = class extends Error {
  };
  var nthIndexOf = (haystack, needle, n) => {
    let index = haystack.indexOf(needle);
    while (n-- > 0) {
      if (index === -1)
        break;
      index = haystack.indexOf(needle, index + needle.length);
    }
    return index;
  };
  var parseSmallUint = (str) => /^\d{1,4}$/.test(str) ? parseInt(str, 10) : void 0;
  var charToPiece = (ch) => {
    const role = charToRole(ch);
    return role && { role, color: ch.toLowerCase() === ch ? "black" : "white" };
  };
  var parseBoardFen = (boardPart) => {
    const board = Board.empty();
    let rank = 7;
    let file = 0;
    for (let i = 0; i < boardPart.length; i++) {
      const c = boardPart[i];
      if (c === "/" && file === 8) {
        file = 0;
        rank--;
      } else {
        const step2 = parseInt(c, 10);
        if (step2 > 0)
          file += step2;
        else {
          if (file >= 8 || rank < 0)
            return Result.err(new FenError(InvalidFen.Board));
          const square = file + rank * 8;
          const piece = charToPiece(c);
          if (!piece)
            return Result.err(new FenError(InvalidFen.Board));
          if (boardPart[i + 1] === "~") {
            piece.promoted = true;
            i++;
          }
          board.set(square, piece);
          file++;
        }
      }
    }
    if (rank !== 0 || file !== 8)
      return Result.err(new FenError(InvalidFen.Board));
    return Result.ok(board);
  };
  var parsePockets = (pocketPart) => {
    if (pocketPart.length > 64)
      return Result.err(new FenError(InvalidFen.Pockets));
    const pockets = Material.empty();
    for (const c of pocketPart) {
      const piece = charToPiece(c);
      if (!piece)
        return Result.err(new FenError(InvalidFen.Pockets));
      pockets[piece.color][piece.role]++;
    }
    return Result.ok(pockets);
  };
  var parseCastlingFen = (board, castlingPart) => {
    let castlingRights = SquareSet.empty();
    if (castlingPart === "-")
      return Result.ok(castlingRights);
    for (const c of castlingPart) {
      const lower = c.toLowerCase();
      const color = c === lower ? "black" : "white";
      const rank = color === "white" ? 0 : 7;
      if ("a" <= lower && lower <= "h") {
        castlingRights = castlingRights.with(squareFromCoords(lower.charCodeAt(0) - "a".charCodeAt(0), rank));
      } else if (lower === "k" || lower === "q") {
        const rooksAndKings = board[color].intersect(SquareSet.backrank(color)).intersect(board.rook.union(board.king));
        const candidate = lower === "k" ? rooksAndKings.last() : rooksAndKings.first();
        castlingRights = castlingRights.with(defined(candidate) && board.rook.has(candidate) ? candidate : squareFromCoords(lower === "k" ? 7 : 0, rank));
      } else
        return Result.err(new FenError(InvalidFen.Castling));
    }
    if (COLORS.some((color) => SquareSet.backrank(color).intersect(castlingRights).size() > 2)) {
      return Result.err(new FenError(InvalidFen.Castling));
    }
    return Result.ok(castlingRights);
  };
  var parseRemainingChecks = (part) => {
    const parts = part.split("+");
    if (parts.length === 3 && parts[0] === "") {
      const white = parseSmallUint(parts[1]);
      const black = parseSmallUint(parts[2]);
      if (!defined(white) || white > 3 || !defined(black) || black > 3) {
        return Result.err(new FenError(InvalidFen.RemainingChecks));
      }
      return Result.ok(new RemainingChecks(3 - white, 3 - black));
    } else if (parts.length === 2) {
      const white = parseSmallUint(parts[0]);
      const black = parseSmallUint(parts[1]);
      if (!defined(white) || white > 3 || !defined(black) || black > 3) {
        return Result.err(new FenError(InvalidFen.RemainingChecks));
      }
      return Result.ok(new RemainingChecks(white, black));
    } else
      return Result.err(new FenError(InvalidFen.RemainingChecks));
  };
  var parseFen = (fen) => {
    const parts = fen.split(/[\s_]+/);
    const boardPart = parts.shift();
    let board;
    let pockets = Result.ok(void 0);
    if (boardPart.endsWith("]")) {
      const pocketStart = boardPart.indexOf("[");
      if (pocketStart === -1)
        return Result.err(new FenError(InvalidFen.Fen));
      board = parseBoardFen(boardPart.slice(0, pocketStart));
      pockets = parsePockets(boardPart.slice(pocketStart + 1, -1));
    } else {
      const pocketStart = nthIndexOf(boardPart, "/", 7);
      if (pocketStart === -1)
        board = parseBoardFen(boardPart);
      else {
        board = parseBoardFen(boardPart.slice(0, pocketStart));
        pockets = parsePockets(boardPart.slice(pocketStart + 1));
      }
    }
    let turn;
    const turnPart = parts.shift();
    if (!defined(turnPart) || turnPart === "w")
      turn = "white";
    else if (turnPart === "b")
      turn = "black";
    else
      return Result.err(new FenError(InvalidFen.Turn));
    return board.chain((board2) => {
      const castlingPart = parts.shift();
      const castlingRights = defined(castlingPart) ? parseCastlingFen(board2, castlingPart) : Result.ok(SquareSet.empty());
      const epPart = parts.shift();
      let epSquare;
      if (defined(epPart) && epPart !== "-") {
        epSquare = parseSquare(epPart);
        if (!defined(epSquare))
          return Result.err(new FenError(InvalidFen.EpSquare));
      }
      let halfmovePart = parts.shift();
      let earlyRemainingChecks;
      if (defined(halfmovePart) && halfmovePart.includes("+")) {
        earlyRemainingChecks = parseRemainingChecks(halfmovePart);
        halfmovePart = parts.shift();
      }
      const halfmoves = defined(halfmovePart) ? parseSmallUint(halfmovePart) : 0;
      if (!defined(halfmoves))
        return Result.err(new FenError(InvalidFen.Halfmoves));
      const fullmovesPart = parts.shift();
      const fullmoves = defined(fullmovesPart) ? parseSmallUint(fullmovesPart) : 1;
      if (!defined(fullmoves))
        return Result.err(new FenError(InvalidFen.Fullmoves));
      const remainingChecksPart = parts.shift();
      let remainingChecks = Result.ok(void 0);
      if (defined(remainingChecksPart)) {
        if (defined(earlyRemainingChecks))
          return Result.err(new FenError(InvalidFen.RemainingChecks));
        remainingChecks = parseRemainingChecks(remainingChecksPart);
      } else if (defined(earlyRemainingChecks)) {
        remainingChecks = earlyRemainingChecks;
      }
      if (parts.length > 0)
        return Result.err(new FenError(InvalidFen.Fen));
      return pockets.chain((pockets2) => castlingRights.chain((castlingRights2) => remainingChecks.map((remainingChecks2) => {
        return {
          board: board2,
          pockets: pockets2,
          turn,
          castlingRights: castlingRights2,
          remainingChecks: remainingChecks2,
          epSquare,
          halfmoves,
          fullmoves: Math.max(1, fullmoves)
        };
      })));
    });
  };
  var makePiece2 = (piece) => {
    let r = roleToChar(piece.role);
    if (piece.color === "white")
      r = r.toUpperCase();
    if (piece.promoted)
      r += "~";
    return r;
  };
  var makeBoardFen = (board) => {
    let fen = "";
    let empty = 0;
    for (let rank = 7; rank >= 0; rank--) {
      for (let file = 0; file < 8; file++) {
        const square = file + rank * 8;
        const piece = board.get(square);
        if (!piece)
          empty++;
        else {
          if (empty > 0) {
            fen += empty;
            empty = 0;
          }
          fen += makePiece2(piece);
        }
        if (file === 7) {
          if (empty > 0) {
            fen += empty;
            empty = 0;
          }
          if (rank !== 0)
            fen += "/";
        }
      }
    }
    return fen;
  };

  // frontend/node_modules/chessops/dist/esm/attacks.js
  var computeRange = (square, deltas) => {
    let range = SquareSet.empty();
    for (const delta of deltas) {
      const sq = square + delta;
      if (0 <= sq && sq < 64 && Math.abs(squareFile(square) - squareFile(sq)) <= 2) {
        range = range.with(sq);
      }
    }
    return range;
  };
  var tabulate = (f) => {
    const table = [];
    for (let square = 0; square < 64; square++)
      table[square] = f(square);
    return table;
  };
  var KING_ATTACKS = tabulate((sq) => computeRange(sq, [-9, -8, -7, -1, 1, 7, 8, 9]));
  var KNIGHT_ATTACKS = tabulate((sq) => computeRange(sq, [-17, -15, -10, -6, 6, 10, 15, 17]));
  var PAWN_ATTACKS = {
    white: tabulate((sq) => computeRange(sq, [7, 9])),
    black: tabulate((sq) => computeRange(sq, [-7, -9]))
  };
  var kingAttacks = (square) => KING_ATTACKS[square];
  var knightAttacks = (square) => KNIGHT_ATTACKS[square];
  var pawnAttacks = (color, square) => PAWN_ATTACKS[color][square];
  var FILE_RANGE = tabulate((sq) => SquareSet.fromFile(squareFile(sq)).without(sq));
  var RANK_RANGE = tabulate((sq) => SquareSet.fromRank(squareRank(sq)).without(sq));
  var DIAG_RANGE = tabulate((sq) => {
    const diag = new SquareSet(134480385, 2151686160);
    const shift = 8 * (squareRank(sq) - squareFile(sq));
    return (shift >= 0 ? diag.shl64(shift) : diag.shr64(-shift)).without(sq);
  });
  var ANTI_DIAG_RANGE = tabulate((sq) => {
    const diag = new SquareSet(270549120, 16909320);
    const shift = 8 * (squareRank(sq) + squareFile(sq) - 7);
    return (shift >= 0 ? diag.shl64(shift) : diag.shr64(-shift)).without(sq);
  });
  var hyperbola = (sq, range, occupied) => {
    const o = range.intersect(occupied);
    const fwd = o.minus64(SquareSet.fromSquare(sq));
    const rev = o.bswap64().minus64(SquareSet.fromSquare(56 ^ sq));
    return fwd.xor(rev.bswap64()).intersect(range);
  };
  var rankAttacks = (sq, occupied) => {
    const range = RANK_RANGE[sq];
    const o = range.intersect(occupied);
    const fwd = o.minus64(SquareSet.fromSquare(sq));
    const rev = o.rbit64().minus64(SquareSet.fromSquare(63 - sq));
    return fwd.xor(rev.rbit64()).intersect(range);
  };
  var bishopAttacks = (square, occupied) => {
    return hyperbola(square, DIAG_RANGE[square], occupied).xor(hyperbola(square, ANTI_DIAG_RANGE[square], occupied));
  };
  var rookAttacks = (square, occupied) => hyperbola(square, FILE_RANGE[square], occupied).xor(rankAttacks(square, occupied));
  var queenAttacks = (square, occupied) => bishopAttacks(square, occupied).xor(rookAttacks(square, occupied));
  var ray = (a, b) => {
    const other = SquareSet.fromSquare(b);
    if (RANK_RANGE[a].intersects(other))
      return RANK_RANGE[a].with(a);
    if (ANTI_DIAG_RANGE[a].intersects(other))
      return ANTI_DIAG_RANGE[a].with(a);
    if (DIAG_RANGE[a].intersects(other))
      return DIAG_RANGE[a].with(a);
    if (FILE_RANGE[a].intersects(other))
      return FILE_RANGE[a].with(a);
    return SquareSet.empty();
  };
  var between = (a, b) => ray(a, b).intersect(SquareSet.full().shl64(a).xor(SquareSet.full().shl64(b))).withoutFirst();

  // frontend/node_modules/chessops/dist/esm/chess.js
  var IllegalSetup;
  (function(IllegalSetup2) {
    IllegalSetup2["Empty"] = "ERR_EMPTY";
    IllegalSetup2["OppositeCheck"] = "ERR_OPPOSITE_CHECK";
    IllegalSetup2["PawnsOnBackrank"] = "ERR_PAWNS_ON_BACKRANK";
    IllegalSetup2["Kings"] = "ERR_KINGS";
    IllegalSetup2["Variant"] = "ERR_VARIANT";
  })(IllegalSetup || (IllegalSetup = {}));
  var PositionError = class extends Error {
  };
  var attacksTo = (square, attacker, board, occupied) => board[attacker].intersect(rookAttacks(square, occupied).intersect(board.rooksAndQueens()).union(bishopAttacks(square, occupied).intersect(board.bishopsAndQueens())).union(knightAttacks(square).intersect(board.knight)).union(kingAttacks(square).intersect(board.king)).union(pawnAttacks(opposite2(attacker), square).intersect(board.pawn)));
  var Castles = class _Castles {
    constructor() {
    }
    static default() {
      const castles = new _Castles();
      castles.castlingRights = SquareSet.corners();
      castles.rook = {
        white: { a: 0, h: 7 },
        black: { a: 56, h: 63 }
      };
      castles.path = {
        white: { a: new SquareSet(14, 0), h: new SquareSet(96, 0) },
        black: { a: new SquareSet(0, 234881024), h: new SquareSet(0, 1610612736) }
      };
      return castles;
    }
    static empty() {
      const castles = new _Castles();
      castles.castlingRights = SquareSet.empty();
      castles.rook = {
        white: { a: void 0, h: void 0 },
        black: { a: void 0, h: void 0 }
      };
      castles.path = {
        white: { a: SquareSet.empty(), h: SquareSet.empty() },
        black: { a: SquareSet.empty(), h: SquareSet.empty() }
      };
      return castles;
    }
    clone() {
      const castles = new _Castles();
      castles.castlingRights = this.castlingRights;
      castles.rook = {
        white: { a: this.rook.white.a, h: this.rook.white.h },
        black: { a: this.rook.black.a, h: this.rook.black.h }
      };
      castles.path = {
        white: { a: this.path.white.a, h: this.path.white.h },
        black: { a: this.path.black.a, h: this.path.black.h }
      };
      return castles;
    }
    add(color, side, king2, rook2) {
      const kingTo = kingCastlesTo(color, side);
      const rookTo = rookCastlesTo(color, side);
      this.castlingRights = this.castlingRights.with(rook2);
      this.rook[color][side] = rook2;
      this.path[color][side] = between(rook2, rookTo).with(rookTo).union(between(king2, kingTo).with(kingTo)).without(king2).without(rook2);
    }
    static fromSetup(setup) {
      const castles = _Castles.empty();
      const rooks = setup.castlingRights.intersect(setup.board.rook);
      for (const color of COLORS) {
        const backrank = SquareSet.backrank(color);
        const king2 = setup.board.kingOf(color);
        if (!defined(king2) || !backrank.has(king2))
          continue;
        const side = rooks.intersect(setup.board[color]).intersect(backrank);
        const aSide = side.first();
        if (defined(aSide) && aSide < king2)
          castles.add(color, "a", king2, aSide);
        const hSide = side.last();
        if (defined(hSide) && king2 < hSide)
          castles.add(color, "h", king2, hSide);
      }
      return castles;
    }
    discardRook(square) {
      if (this.castlingRights.has(square)) {
        this.castlingRights = this.castlingRights.without(square);
        for (const color of COLORS) {
          for (const side of CASTLING_SIDES) {
            if (this.rook[color][side] === square)
              this.rook[color][side] = void 0;
          }
        }
      }
    }
    discardColor(color) {
      this.castlingRights = this.castlingRights.diff(SquareSet.backrank(color));
      this.rook[color].a = void 0;
      this.rook[color].h = void 0;
    }
  };
  var Position = class {
    constructor(rules) {
      this.rules = rules;
    }
    reset() {
      this.board = Board.default();
      this.pockets = void 0;
      this.turn = "white";
      this.castles = Castles.default();
      this.epSquare = void 0;
      this.remainingChecks = void 0;
      this.halfmoves = 0;
      this.fullmoves = 1;
    }
    setupUnchecked(setup) {
      this.board = setup.board.clone();
      this.board.promoted = SquareSet.empty();
      this.pockets = void 0;
      this.turn = setup.turn;
      this.castles = Castles.fromSetup(setup);
      this.epSquare = validEpSquare(this, setup.epSquare);
      this.remainingChecks = void 0;
      this.halfmoves = setup.halfmoves;
      this.fullmoves = setup.fullmoves;
    }
    // When subclassing overwrite at least:
    //
    // - static default()
    // - static fromSetup()
    // - static clone()
    //
    // - dests()
    // - isVariantEnd()
    // - variantOutcome()
    // - hasInsufficientMaterial()
    // - isStandardMaterial()
    kingAttackers(square, attacker, occupied) {
      return attacksTo(square, attacker, this.board, occupied);
    }
    playCaptureAt(square, captured) {
      this.halfmoves = 0;
      if (captured.role === "rook")
        this.castles.discardRook(square);
      if (this.pockets)
        this.pockets[opposite2(captured.color)][captured.promoted ? "pawn" : captured.role]++;
    }
    ctx() {
      const variantEnd = this.isVariantEnd();
      const king2 = this.board.kingOf(this.turn);
      if (!defined(king2)) {
        return { king: king2, blockers: SquareSet.empty(), checkers: SquareSet.empty(), variantEnd, mustCapture: false };
      }
      const snipers = rookAttacks(king2, SquareSet.empty()).intersect(this.board.rooksAndQueens()).union(bishopAttacks(king2, SquareSet.empty()).intersect(this.board.bishopsAndQueens())).intersect(this.board[opposite2(this.turn)]);
      let blockers = SquareSet.empty();
      for (const sniper of snipers) {
        const b = between(king2, sniper).intersect(this.board.occupied);
        if (!b.moreThanOne())
          blockers = blockers.union(b);
      }
      const checkers = this.kingAttackers(king2, opposite2(this.turn), this.board.occupied);
      return {
        king: king2,
        blockers,
        checkers,
        variantEnd,
        mustCapture: false
      };
    }
    clone() {
      var _a, _b;
      const pos = new this.constructor();
      pos.board = this.board.clone();
      pos.pockets = (_a = this.pockets) === null || _a === void 0 ? void 0 : _a.clone();
      pos.turn = this.turn;
      pos.castles = this.castles.clone();
      pos.epSquare = this.epSquare;
      pos.remainingChecks = (_b = this.remainingChecks) === null || _b === void 0 ? void 0 : _b.clone();
      pos.halfmoves = this.halfmoves;
      pos.fullmoves = this.fullmoves;
      return pos;
    }
    validate() {
      if (this.board.occupied.isEmpty())
        return Result.err(new PositionError(IllegalSetup.Empty));
      if (this.board.king.size() !== 2)
        return Result.err(new PositionError(IllegalSetup.Kings));
      if (!defined(this.board.kingOf(this.turn)))
        return Result.err(new PositionError(IllegalSetup.Kings));
      const otherKing = this.board.kingOf(opposite2(this.turn));
      if (!defined(otherKing))
        return Result.err(new PositionError(IllegalSetup.Kings));
      if (this.kingAttackers(otherKing, this.turn, this.board.occupied).nonEmpty()) {
        return Result.err(new PositionError(IllegalSetup.OppositeCheck));
      }
      if (SquareSet.backranks().intersects(this.board.pawn)) {
        return Result.err(new PositionError(IllegalSetup.PawnsOnBackrank));
      }
      return Result.ok(void 0);
    }
    dropDests(_ctx) {
      return SquareSet.empty();
    }
    dests(square, ctx) {
      ctx = ctx || this.ctx();
      if (ctx.variantEnd)
        return SquareSet.empty();
      const piece = this.board.get(square);
      if (!piece || piece.color !== this.turn)
        return SquareSet.empty();
      let pseudo, legal;
      if (piece.role === "pawn") {
        pseudo = pawnAttacks(this.turn, square).intersect(this.board[opposite2(this.turn)]);
        const delta = this.turn === "white" ? 8 : -8;
        const step2 = square + delta;
        if (0 <= step2 && step2 < 64 && !this.board.occupied.has(step2)) {
          pseudo = pseudo.with(step2);
          const canDoubleStep = this.turn === "white" ? square < 16 : square >= 64 - 16;
          const doubleStep = step2 + delta;
          if (canDoubleStep && !this.board.occupied.has(doubleStep)) {
            pseudo = pseudo.with(doubleStep);
          }
        }
        if (defined(this.epSquare) && canCaptureEp(this, square, ctx)) {
          legal = SquareSet.fromSquare(this.epSquare);
        }
      } else if (piece.role === "bishop")
        pseudo = bishopAttacks(square, this.board.occupied);
      else if (piece.role === "knight")
        pseudo = knightAttacks(square);
      else if (piece.role === "rook")
        pseudo = rookAttacks(square, this.board.occupied);
      else if (piece.role === "queen")
        pseudo = queenAttacks(square, this.board.occupied);
      else
        pseudo = kingAttacks(square);
      pseudo = pseudo.diff(this.board[this.turn]);
      if (defined(ctx.king)) {
        if (piece.role === "king") {
          const occ = this.board.occupied.without(square);
          for (const to of pseudo) {
            if (this.kingAttackers(to, opposite2(this.turn), occ).nonEmpty())
              pseudo = pseudo.without(to);
          }
          return pseudo.union(castlingDest(this, "a", ctx)).union(castlingDest(this, "h", ctx));
        }
        if (ctx.checkers.nonEmpty()) {
          const checker = ctx.checkers.singleSquare();
          if (!defined(checker))
            return SquareSet.empty();
          pseudo = pseudo.intersect(between(checker, ctx.king).with(checker));
        }
        if (ctx.blockers.has(square))
          pseudo = pseudo.intersect(ray(square, ctx.king));
      }
      if (legal)
        pseudo = pseudo.union(legal);
      return pseudo;
    }
    isVariantEnd() {
      return false;
    }
    variantOutcome(_ctx) {
      return;
    }
    hasInsufficientMaterial(color) {
      if (this.board[color].intersect(this.board.pawn.union(this.board.rooksAndQueens())).nonEmpty())
        return false;
      if (this.board[color].intersects(this.board.knight)) {
        return this.board[color].size() <= 2 && this.board[opposite2(color)].diff(this.board.king).diff(this.board.queen).isEmpty();
      }
      if (this.board[color].intersects(this.board.bishop)) {
        const sameColor2 = !this.board.bishop.intersects(SquareSet.darkSquares()) || !this.board.bishop.intersects(SquareSet.lightSquares());
        return sameColor2 && this.board.pawn.isEmpty() && this.board.knight.isEmpty();
      }
      return true;
    }
    // The following should be identical in all subclasses
    toSetup() {
      var _a, _b;
      return {
        board: this.board.clone(),
        pockets: (_a = this.pockets) === null || _a === void 0 ? void 0 : _a.clone(),
        turn: this.turn,
        castlingRights: this.castles.castlingRights,
        epSquare: legalEpSquare(this),
        remainingChecks: (_b = this.remainingChecks) === null || _b === void 0 ? void 0 : _b.clone(),
        halfmoves: Math.min(this.halfmoves, 150),
        fullmoves: Math.min(Math.max(this.fullmoves, 1), 9999)
      };
    }
    isInsufficientMaterial() {
      return COLORS.every((color) => this.hasInsufficientMaterial(color));
    }
    hasDests(ctx) {
      ctx = ctx || this.ctx();
      for (const square of this.board[this.turn]) {
        if (this.dests(square, ctx).nonEmpty())
          return true;
      }
      return this.dropDests(ctx).nonEmpty();
    }
    isLegal(move3, ctx) {
      if (isDrop(move3)) {
        if (!this.pockets || this.pockets[this.turn][move3.role] <= 0)
          return false;
        if (move3.role === "pawn" && SquareSet.backranks().has(move3.to))
          return false;
        return this.dropDests(ctx).has(move3.to);
      } else {
        if (move3.promotion === "pawn")
          return false;
        if (move3.promotion === "king" && this.rules !== "antichess")
          return false;
        if (!!move3.promotion !== (this.board.pawn.has(move3.from) && SquareSet.backranks().has(move3.to)))
          return false;
        const dests = this.dests(move3.from, ctx);
        return dests.has(move3.to) || dests.has(normalizeMove(this, move3).to);
      }
    }
    isCheck() {
      const king2 = this.board.kingOf(this.turn);
      return defined(king2) && this.kingAttackers(king2, opposite2(this.turn), this.board.occupied).nonEmpty();
    }
    isEnd(ctx) {
      if (ctx ? ctx.variantEnd : this.isVariantEnd())
        return true;
      return this.isInsufficientMaterial() || !this.hasDests(ctx);
    }
    isCheckmate(ctx) {
      ctx = ctx || this.ctx();
      return !ctx.variantEnd && ctx.checkers.nonEmpty() && !this.hasDests(ctx);
    }
    isStalemate(ctx) {
      ctx = ctx || this.ctx();
      return !ctx.variantEnd && ctx.checkers.isEmpty() && !this.hasDests(ctx);
    }
    outcome(ctx) {
      const variantOutcome = this.variantOutcome(ctx);
      if (variantOutcome)
        return variantOutcome;
      ctx = ctx || this.ctx();
      if (this.isCheckmate(ctx))
        return { winner: opposite2(this.turn) };
      else if (this.isInsufficientMaterial() || this.isStalemate(ctx))
        return { winner: void 0 };
      else
        return;
    }
    allDests(ctx) {
      ctx = ctx || this.ctx();
      const d = /* @__PURE__ */ new Map();
      if (ctx.variantEnd)
        return d;
      for (const square of this.board[this.turn]) {
        d.set(square, this.dests(square, ctx));
      }
      return d;
    }
    play(move3) {
      const turn = this.turn;
      const epSquare = this.epSquare;
      const castling = castlingSide(this, move3);
      this.epSquare = void 0;
      this.halfmoves += 1;
      if (turn === "black")
        this.fullmoves += 1;
      this.turn = opposite2(turn);
      if (isDrop(move3)) {
        this.board.set(move3.to, { role: move3.role, color: turn });
        if (this.pockets)
          this.pockets[turn][move3.role]--;
        if (move3.role === "pawn")
          this.halfmoves = 0;
      } else {
        const piece = this.board.take(move3.from);
        if (!piece)
          return;
        let epCapture;
        if (piece.role === "pawn") {
          this.halfmoves = 0;
          if (move3.to === epSquare) {
            epCapture = this.board.take(move3.to + (turn === "white" ? -8 : 8));
          }
          const delta = move3.from - move3.to;
          if (Math.abs(delta) === 16 && 8 <= move3.from && move3.from <= 55) {
            this.epSquare = move3.from + move3.to >> 1;
          }
          if (move3.promotion) {
            piece.role = move3.promotion;
            piece.promoted = !!this.pockets;
          }
        } else if (piece.role === "rook") {
          this.castles.discardRook(move3.from);
        } else if (piece.role === "king") {
          if (castling) {
            const rookFrom = this.castles.rook[turn][castling];
            if (defined(rookFrom)) {
              const rook2 = this.board.take(rookFrom);
              this.board.set(kingCastlesTo(turn, castling), piece);
              if (rook2)
                this.board.set(rookCastlesTo(turn, castling), rook2);
            }
          }
          this.castles.discardColor(turn);
        }
        if (!castling) {
          const capture = this.board.set(move3.to, piece) || epCapture;
          if (capture)
            this.playCaptureAt(move3.to, capture);
        }
      }
      if (this.remainingChecks) {
        if (this.isCheck())
          this.remainingChecks[turn] = Math.max(this.remainingChecks[turn] - 1, 0);
      }
    }
  };
  var Chess = class extends Position {
    constructor() {
      super("chess");
    }
    static default() {
      const pos = new this();
      pos.reset();
      return pos;
    }
    static fromSetup(setup) {
      const pos = new this();
      pos.setupUnchecked(setup);
      return pos.validate().map((_) => pos);
    }
    clone() {
      return super.clone();
    }
  };
  var validEpSquare = (pos, square) => {
    if (!defined(square))
      return;
    const epRank = pos.turn === "white" ? 5 : 2;
    const forward = pos.turn === "white" ? 8 : -8;
    if (squareRank(square) !== epRank)
      return;
    if (pos.board.occupied.has(square + forward))
      return;
    const pawn2 = square - forward;
    if (!pos.board.pawn.has(pawn2) || !pos.board[opposite2(pos.turn)].has(pawn2))
      return;
    return square;
  };
  var legalEpSquare = (pos) => {
    if (!defined(pos.epSquare))
      return;
    const ctx = pos.ctx();
    const ourPawns = pos.board.pieces(pos.turn, "pawn");
    const candidates = ourPawns.intersect(pawnAttacks(opposite2(pos.turn), pos.epSquare));
    for (const candidate of candidates) {
      if (pos.dests(candidate, ctx).has(pos.epSquare))
        return pos.epSquare;
    }
    return;
  };
  var canCaptureEp = (pos, pawnFrom, ctx) => {
    if (!defined(pos.epSquare))
      return false;
    if (!pawnAttacks(pos.turn, pawnFrom).has(pos.epSquare))
      return false;
    if (!defined(ctx.king))
      return true;
    const delta = pos.turn === "white" ? 8 : -8;
    const captured = pos.epSquare - delta;
    return pos.kingAttackers(ctx.king, opposite2(pos.turn), pos.board.occupied.toggle(pawnFrom).toggle(captured).with(pos.epSquare)).without(captured).isEmpty();
  };
  var castlingDest = (pos, side, ctx) => {
    if (!defined(ctx.king) || ctx.checkers.nonEmpty())
      return SquareSet.empty();
    const rook2 = pos.castles.rook[pos.turn][side];
    if (!defined(rook2))
      return SquareSet.empty();
    if (pos.castles.path[pos.turn][side].intersects(pos.board.occupied))
      return SquareSet.empty();
    const kingTo = kingCastlesTo(pos.turn, side);
    const kingPath = between(ctx.king, kingTo);
    const occ = pos.board.occupied.without(ctx.king);
    for (const sq of kingPath) {
      if (pos.kingAttackers(sq, opposite2(pos.turn), occ).nonEmpty())
        return SquareSet.empty();
    }
    const rookTo = rookCastlesTo(pos.turn, side);
    const after2 = pos.board.occupied.toggle(ctx.king).toggle(rook2).toggle(rookTo);
    if (pos.kingAttackers(kingTo, opposite2(pos.turn), after2).nonEmpty())
      return SquareSet.empty();
    return SquareSet.fromSquare(rook2);
  };
  var castlingSide = (pos, move3) => {
    if (isDrop(move3))
      return;
    const delta = move3.to - move3.from;
    if (Math.abs(delta) !== 2 && !pos.board[pos.turn].has(move3.to))
      return;
    if (!pos.board.king.has(move3.from))
      return;
    return delta > 0 ? "h" : "a";
  };
  var normalizeMove = (pos, move3) => {
    const side = castlingSide(pos, move3);
    if (!side)
      return move3;
    const rookFrom = pos.castles.rook[pos.turn][side];
    return {
      from: move3.from,
      to: defined(rookFrom) ? rookFrom : move3.to
    };
  };

  // frontend/src/position.js
  function positionOf(fen) {
    const setup = parseFen(fen || "");
    if (setup.isErr) return null;
    const pos = Chess.fromSetup(setup.value);
    return pos.isErr ? null : pos.value;
  }
  function lastMoveOf(uci) {
    return /^[a-h][1-8][a-h][1-8]/.test(uci || "") ? [uci.slice(0, 2), uci.slice(2, 4)] : void 0;
  }
  function squareOf(key) {
    return key.charCodeAt(0) - 97 + 8 * (key.charCodeAt(1) - 49);
  }
  function pieceOn(pos, key) {
    return pos.board.get(squareOf(key));
  }
  function normalise(pos, orig, dest) {
    const piece = pieceOn(pos, orig);
    if (piece && piece.role === "king" && orig[1] === dest[1] && orig[0] === "e") {
      const from = orig.charCodeAt(0), to = dest.charCodeAt(0);
      if (Math.abs(to - from) > 1) return orig + (to > from ? "g" : "c") + orig[1];
    }
    return orig + dest;
  }
  function promotes(pos, orig, dest) {
    const piece = pieceOn(pos, orig);
    return !!piece && piece.role === "pawn" && dest[1] === (piece.color === "white" ? "8" : "1");
  }
  function after(pos, uci) {
    const move3 = parseUci(uci);
    if (!move3 || !pos.isLegal(move3)) return null;
    const next = pos.clone();
    next.play(move3);
    return next;
  }

  // frontend/node_modules/chessops/dist/esm/san.js
  var makeSanWithoutSuffix = (pos, move3) => {
    let san = "";
    if (isDrop(move3)) {
      if (move3.role !== "pawn")
        san = roleToChar(move3.role).toUpperCase();
      san += "@" + makeSquare(move3.to);
    } else {
      const role = pos.board.getRole(move3.from);
      if (!role)
        return "--";
      if (role === "king" && (pos.board[pos.turn].has(move3.to) || Math.abs(move3.to - move3.from) === 2)) {
        san = move3.to > move3.from ? "O-O" : "O-O-O";
      } else {
        const capture = pos.board.occupied.has(move3.to) || role === "pawn" && squareFile(move3.from) !== squareFile(move3.to);
        if (role !== "pawn") {
          san = roleToChar(role).toUpperCase();
          let others;
          if (role === "king")
            others = kingAttacks(move3.to).intersect(pos.board.king);
          else if (role === "queen")
            others = queenAttacks(move3.to, pos.board.occupied).intersect(pos.board.queen);
          else if (role === "rook")
            others = rookAttacks(move3.to, pos.board.occupied).intersect(pos.board.rook);
          else if (role === "bishop")
            others = bishopAttacks(move3.to, pos.board.occupied).intersect(pos.board.bishop);
          else
            others = knightAttacks(move3.to).intersect(pos.board.knight);
          others = others.intersect(pos.board[pos.turn]).without(move3.from);
          if (others.nonEmpty()) {
            const ctx = pos.ctx();
            for (const from of others) {
              if (!pos.dests(from, ctx).has(move3.to))
                others = others.without(from);
            }
            if (others.nonEmpty()) {
              let row = false;
              let column = others.intersects(SquareSet.fromRank(squareRank(move3.from)));
              if (others.intersects(SquareSet.fromFile(squareFile(move3.from))))
                row = true;
              else
                column = true;
              if (column)
                san += FILE_NAMES[squareFile(move3.from)];
              if (row)
                san += RANK_NAMES[squareRank(move3.from)];
            }
          }
        } else if (capture)
          san = FILE_NAMES[squareFile(move3.from)];
        if (capture)
          san += "x";
        san += makeSquare(move3.to);
        if (move3.promotion)
          san += "=" + roleToChar(move3.promotion).toUpperCase();
      }
    }
    return san;
  };
  var makeSanAndPlay = (pos, move3) => {
    var _a;
    const san = makeSanWithoutSuffix(pos, move3);
    pos.play(move3);
    if ((_a = pos.outcome()) === null || _a === void 0 ? void 0 : _a.winner)
      return san + "#";
    if (pos.isCheck())
      return san + "+";
    return san;
  };
  var makeSan = (pos, move3) => makeSanAndPlay(pos.clone(), move3);

  // frontend/src/notation.js
  var LETTERS = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N" };
  var RUSSIAN = { K: "Кр", Q: "Ф", R: "Л", B: "С", N: "К" };
  var PROMOTION = { q: "Q", r: "R", b: "B", n: "N" };
  var DIGITS = { q: "1", r: "2", b: "3", n: "4" };
  function files2(key) {
    return String(key.charCodeAt(0) - 96) + key[1];
  }
  function russianSan(san) {
    if (san.startsWith("O-O")) return san.replace(/O/g, "0");
    let head = (RUSSIAN[san[0]] || san[0]) + san.slice(1);
    const at = head.indexOf("=");
    if (at >= 0) head = head.slice(0, at) + RUSSIAN[head[at + 1]] + head.slice(at + 2);
    return head;
  }
  function suffixAfter(pos, move3) {
    const next = pos.clone();
    next.play(move3);
    return next.isCheckmate() ? "#" : next.isCheck() ? "+" : "";
  }
  function lan(pos, uci, move3, russian) {
    const orig = uci.slice(0, 2), dest = uci.slice(2, 4);
    const piece = pieceOn(pos, orig);
    const suffix = suffixAfter(pos, move3);
    if (piece.role === "king" && Math.abs(orig.charCodeAt(0) - dest.charCodeAt(0)) === 2) {
      const text2 = dest[0] === "c" ? "O-O-O" : "O-O";
      return (russian ? text2.replace(/O/g, "0") : text2) + suffix;
    }
    const letter = piece.role === "pawn" ? "" : LETTERS[piece.role];
    const taken = !!pieceOn(pos, dest) || piece.role === "pawn" && orig[0] !== dest[0];
    const sep = taken ? russian ? ":" : "x" : "-";
    let text = (russian ? RUSSIAN[letter] || "" : letter) + orig + sep + dest;
    const promoted = PROMOTION[uci[4]];
    if (promoted) text += russian ? RUSSIAN[promoted] : "=" + promoted;
    return text + suffix;
  }
  function writeMove(pos, uci, style) {
    const move3 = parseUci(uci);
    switch (style) {
      case "numeric":
        return files2(uci.slice(0, 2)) + files2(uci.slice(2, 4)) + (DIGITS[uci[4]] || "");
      case "uci":
        return uci;
      case "san-ru":
        return russianSan(makeSan(pos, move3));
      case "lan":
        return lan(pos, uci, move3, false);
      case "lan-ru":
        return lan(pos, uci, move3, true);
      default:
        return makeSan(pos, move3);
    }
  }
  function writeLine(pos, ucis, style) {
    const numbered = [], plain = [];
    const at = pos.clone();
    ucis.forEach((uci, i) => {
      if (at.turn === "white") numbered.push(at.fullmoves + ".");
      else if (i === 0) numbered.push(at.fullmoves + ".", "...");
      const text = writeMove(at, uci, style);
      numbered.push(text);
      plain.push(text);
      at.play(parseUci(uci));
    });
    return { numbered: numbered.join(" "), plain: plain.join(" ") };
  }
  function moveLabel(pos, uci, style) {
    return pos.fullmoves + (pos.turn === "white" ? ". " : "... ") + writeMove(pos, uci, style);
  }

  // frontend/src/analysis.js
  function attachAnalysis(section, board) {
    const line = [];
    const text = section.querySelector("#analysis-line");
    const toLine = section.querySelector("#analysis-to-line");
    const toMove = section.querySelector("#analysis-to-move");
    const lineHint = section.querySelector("#analysis-line-hint");
    const moveHint = section.querySelector("#analysis-move-hint");
    const lineForm = document.getElementById("line-form");
    const lineInput = document.getElementById("line-input");
    const moveForm = document.getElementById("move-form");
    const moveInput = document.getElementById("move-input");
    const conditional = document.getElementById("conditional-input");
    const start5 = board.live.pos;
    const mine = start5.turn === board.color;
    const intoLine = !mine && !!lineForm && !!lineInput;
    const intoMove = mine && !!moveForm && !!moveInput;
    toLine.hidden = lineHint.hidden = !intoLine;
    toMove.hidden = moveHint.hidden = !intoMove;
    function position(plies = line.length) {
      let pos = start5;
      for (const uci of line.slice(0, plies)) pos = after(pos, uci);
      return pos;
    }
    function draw(keep = false) {
      const pos = position();
      const written = writeLine(start5, line, board.style);
      text.textContent = line.length ? written.numbered : text.dataset.empty || "";
      text.dataset.plain = written.plain;
      toLine.disabled = !(line.length >= 2 && line.length % 2 === 0);
      toMove.disabled = line.length % 2 === 0;
      if (line.length) board.box.dataset.liveHold = "1";
      else delete board.box.dataset.liveHold;
      board.show(pos, line.length ? lastMoveOf(line[line.length - 1]) : board.live.last, "both", keep);
      const n = line.length;
      board.label(n ? moveLabel(position(n - 1), line[n - 1], board.style) : null);
    }
    function fill(input, value) {
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    section.querySelector("#analysis-undo").addEventListener("click", () => {
      line.pop();
      draw();
    });
    section.querySelector("#analysis-reset").addEventListener("click", () => {
      line.length = 0;
      draw();
    });
    section.querySelector("#analysis-close").addEventListener("click", () => board.closeAnalysis());
    toLine.addEventListener("click", () => {
      fill(lineInput, text.dataset.plain);
      lineInput.focus();
    });
    toMove.addEventListener("click", () => {
      const [first, ...rest] = text.dataset.plain.split(" ");
      fill(moveInput, first);
      if (conditional) fill(conditional, rest.join(" "));
      moveInput.focus();
    });
    return {
      open() {
        section.hidden = false;
        draw();
      },
      close() {
        line.length = 0;
        delete board.box.dataset.liveHold;
        section.hidden = true;
      },
      // A legal move made on the board.
      play(uci) {
        if (!after(position(), uci)) return draw();
        line.push(uci);
        draw(true);
      },
      redraw: draw
    };
  }

  // frontend/src/cursor.js
  var LETTER = { king: "k", queen: "q", rook: "r", bishop: "b", knight: "n", pawn: "p" };
  var STEPS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  function describe(cg, words, key) {
    const piece = cg.state.pieces.get(key);
    if (!piece) return words.empty || "empty";
    const letter = LETTER[piece.role];
    const code = piece.color === "white" ? letter.toUpperCase() : letter;
    return words[code] || piece.color + " " + piece.role;
  }
  function stepped(key, [df, dr], orientation) {
    const sign = orientation === "black" ? -1 : 1;
    const file = key.charCodeAt(0) - 97 + sign * df;
    const rank = key.charCodeAt(1) - 49 + sign * dr;
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return key;
    return String.fromCharCode(97 + file) + String.fromCharCode(49 + rank);
  }
  function attachCursor(board) {
    const { wrap, cg, words } = board;
    let cursor = null;
    function draw(on) {
      cg.set({ highlight: { custom: on && cursor ? /* @__PURE__ */ new Map([[cursor, "kb-cursor"]]) : /* @__PURE__ */ new Map() } });
      wrap.dataset.cursor = on && cursor ? cursor : "";
    }
    function say() {
      let text = cursor + ", " + describe(cg, words, cursor);
      if (cg.state.selected === cursor) text += ", " + (words.selected || "selected");
      board.speak(text);
    }
    function start5() {
      if (cursor) return;
      const last = cg.state.lastMove;
      cursor = cg.state.selected || last && last[1] || (cg.state.orientation === "black" ? "e7" : "e2");
    }
    wrap.tabIndex = 0;
    wrap.addEventListener("focus", () => {
      if (!wrap.matches(":focus-visible")) return;
      start5();
      draw(true);
      say();
    });
    wrap.addEventListener("blur", () => draw(false));
    wrap.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step2 = STEPS[event.key];
      if (step2 && !event.shiftKey) {
        event.preventDefault();
        start5();
        cursor = stepped(cursor, step2, cg.state.orientation);
        draw(true);
        say();
      } else if ((event.key === "Enter" || event.key === " ") && !event.shiftKey) {
        event.preventDefault();
        start5();
        if (cg.state.selected === cursor) cg.selectSquare(null);
        else cg.selectSquare(cursor);
        if (document.activeElement === wrap) say();
      } else if (event.key === "Escape" && cg.state.selected) {
        event.preventDefault();
        cg.selectSquare(null);
        say();
      } else {
        board.key(event);
      }
    });
    wrap.addEventListener("pointerdown", (event) => {
      const key = cg.getKeyAtDomPos([event.clientX, event.clientY]);
      if (!key) return;
      cursor = key;
      if (document.activeElement === wrap) draw(true);
    });
  }

  // frontend/src/movelist.js
  function attachList(table, board) {
    const moves = [...table.querySelectorAll(".move[data-ply]")];
    if (!moves.length) return null;
    const byPly = new Map(moves.map((m) => [Number(m.dataset.ply), m]));
    const last = Math.max(...byPly.keys());
    moves.forEach((m) => {
      m.setAttribute("role", "button");
      m.tabIndex = -1;
      m.addEventListener("click", () => board.goTo(Number(m.dataset.ply)));
    });
    table.addEventListener("keydown", (event) => {
      const item = event.target.closest(".move[data-ply]");
      if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
      const ply = board.ply();
      const to = {
        ArrowLeft: ply - 1,
        ArrowUp: ply - 1,
        ArrowRight: ply + 1,
        ArrowDown: ply + 1,
        Home: 0,
        End: last,
        Enter: Number(item.dataset.ply),
        " ": Number(item.dataset.ply)
      }[event.key];
      if (to === void 0) return;
      event.preventDefault();
      board.goTo(Math.max(0, Math.min(last, to)));
    });
    function label(ply) {
      const item = byPly.get(ply);
      if (!item) return "";
      const row = item.closest("tr");
      const number = row ? row.querySelector("th").textContent.trim() : "";
      const black = item.closest("td") !== (row && row.querySelector("td"));
      return (black ? number + ".. " : number + " ") + item.textContent.trim();
    }
    return {
      last,
      label,
      fen: (ply) => (byPly.get(ply) || {}).dataset?.fen,
      uci: (ply) => (byPly.get(ply) || {}).dataset?.uci,
      // Marks the move shown; the focus follows it if it was in the list.
      mark(ply) {
        const had = table.contains(document.activeElement);
        const current = byPly.get(ply) || byPly.get(Math.min(...byPly.keys()));
        moves.forEach((m) => {
          if (m === byPly.get(ply)) m.setAttribute("aria-current", "step");
          else m.removeAttribute("aria-current");
          m.tabIndex = m === current ? 0 : -1;
        });
        if (had && current) current.focus();
      },
      enable(on) {
        table.classList.toggle("inert", !on);
        table.setAttribute("aria-disabled", on ? "false" : "true");
      }
    };
  }

  // frontend/src/promotion.js
  var ROLES2 = ["queen", "rook", "bishop", "knight"];
  var LETTER2 = { queen: "q", rook: "r", bishop: "b", knight: "n" };
  function button(text, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    return b;
  }
  function choosePromotion(box, frame, color, chosen, cancelled) {
    const chooser = document.createElement("div");
    chooser.className = "cg-wrap promotion-chooser";
    chooser.id = "promotion-chooser";
    chooser.setAttribute("role", "dialog");
    chooser.setAttribute("aria-label", box.dataset.promoteLabel || "Promote to");
    const names = (box.dataset.pieceNames || "queen,rook,bishop,knight").split(",");
    function close(then) {
      chooser.remove();
      frame.classList.remove("choosing");
      then();
    }
    ROLES2.forEach((role, i) => {
      const b = button("", "promote-to " + role);
      b.dataset.role = role;
      b.title = names[i] || role;
      b.setAttribute("aria-label", names[i] || role);
      const img = document.createElement("piece");
      img.className = role + " " + color;
      b.appendChild(img);
      b.addEventListener("click", () => close(() => chosen(LETTER2[role])));
      chooser.appendChild(b);
    });
    const cancel3 = button(box.dataset.cancelLabel || "Cancel", "promote-cancel");
    cancel3.addEventListener("click", () => close(cancelled));
    chooser.appendChild(cancel3);
    chooser.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(cancelled);
        return;
      }
      const step2 = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step2) return;
      event.preventDefault();
      const buttons = [...chooser.querySelectorAll("button")];
      const at = buttons.indexOf(document.activeElement);
      buttons[(at + step2 + buttons.length) % buttons.length].focus();
    });
    frame.classList.add("choosing");
    frame.appendChild(chooser);
    chooser.querySelector("button").focus();
    return chooser;
  }

  // frontend/src/board.js
  function wordsOf(box) {
    try {
      return JSON.parse(box.dataset.words || "{}");
    } catch (e) {
      return {};
    }
  }
  function mount(box) {
    if (box.dataset.mounted === "1" || !box.dataset.fen) return;
    box.dataset.mounted = "1";
    const fen = box.dataset.fen;
    const pos = positionOf(fen);
    const color = box.dataset.color === "black" ? "black" : "white";
    const form = document.getElementById("move-form");
    const input = document.getElementById("move-input");
    const movable = box.dataset.interactive === "1" && !!pos && pos.turn === color && !!form && !!input;
    const review = box.dataset.review === "1" && !!pos;
    const frame = document.createElement("div");
    frame.className = "board-frame";
    const wrap = document.createElement("div");
    wrap.className = "cg-wrap";
    frame.appendChild(wrap);
    box.replaceChildren(frame);
    const liveLabel = box.getAttribute("aria-label") || "";
    wrap.setAttribute("role", "application");
    wrap.setAttribute("aria-label", liveLabel);
    const keys = document.getElementById("board-keys");
    if (keys) wrap.setAttribute("aria-describedby", keys.id);
    box.removeAttribute("role");
    box.removeAttribute("aria-label");
    const tools = document.createElement("div");
    tools.className = "board-tools";
    const speech = document.createElement("p");
    speech.className = "sr-only";
    speech.id = "board-speech";
    speech.setAttribute("aria-live", "polite");
    box.after(tools, speech);
    const cg = Chessground(wrap, {
      fen,
      orientation: color,
      turnColor: pos ? pos.turn : "white",
      check: pos && pos.isCheck() ? pos.turn : false,
      lastMove: lastMoveOf(box.dataset.last),
      coordinates: true,
      // A board that may later take moves (the game page) listens from the start.
      viewOnly: !movable && !review,
      animation: { enabled: true, duration: 150 },
      highlight: { lastMove: true, check: true },
      movable: {
        free: false,
        color: movable ? color : void 0,
        dests: movable ? chessgroundDests(pos) : /* @__PURE__ */ new Map(),
        showDests: true,
        events: { after: (orig, dest) => played(orig, dest) }
      },
      premovable: { enabled: false },
      draggable: { enabled: movable, showGhost: true },
      selectable: { enabled: movable },
      drawable: { enabled: false, visible: false }
    });
    box.chessground = cg;
    const board = {
      box,
      wrap,
      cg,
      color,
      words: wordsOf(box),
      style: box.dataset.notation || "san",
      live: { fen, pos, last: lastMoveOf(box.dataset.last) },
      mode: "live",
      shown: pos,
      plyShown: 0
    };
    let spoken = 0;
    board.speak = (text) => {
      spoken += 1;
      speech.textContent = text + (spoken % 2 ? "" : " ");
    };
    board.label = (text) => {
      const words = board.words.after;
      wrap.setAttribute("aria-label", text && words ? words.replace("%(move)s", text) : liveLabel);
    };
    board.show = (shown, last2, who, keep = false) => {
      board.shown = shown;
      cg.set({
        fen: makeBoardFen(shown.board),
        turnColor: shown.turn,
        check: shown.isCheck() ? shown.turn : false,
        lastMove: last2,
        movable: { color: who, dests: who ? chessgroundDests(shown) : /* @__PURE__ */ new Map() },
        draggable: { enabled: !!who },
        selectable: { enabled: !!who }
      });
      if (!keep) cg.selectSquare(null);
    };
    const flip = button(box.dataset.flipLabel || "Flip", "board-flip");
    flip.id = "board-flip";
    flip.addEventListener("click", () => {
      cg.toggleOrientation();
      box.dataset.orientation = cg.state.orientation;
    });
    box.dataset.orientation = color;
    const table = review ? document.getElementById("record") : null;
    const list = table ? attachList(table, board) : null;
    const last = list ? list.last : 0;
    board.plyShown = last;
    const back = button(box.dataset.liveLabel || "Back to the game", "board-live");
    back.id = "board-live";
    back.hidden = true;
    back.addEventListener("click", () => goLive());
    const section = review && box.dataset.analyseLabel ? document.getElementById("analysis") : null;
    const analysis = section ? attachAnalysis(section, board) : null;
    const analyse = section ? button(box.dataset.analyseLabel, "board-analyse") : null;
    if (analyse) {
      analyse.id = "board-analyse";
      analyse.setAttribute("aria-controls", section.id);
      analyse.setAttribute("aria-expanded", "false");
      analyse.addEventListener("click", () => board.mode === "analysis" ? board.closeAnalysis() : openAnalysis());
      tools.appendChild(analyse);
    }
    tools.append(back, flip);
    function setMode(mode) {
      board.mode = mode;
      box.dataset.mode = mode;
      back.hidden = mode !== "review";
      if (analyse) analyse.setAttribute("aria-expanded", String(mode === "analysis"));
      if (list) list.enable(mode !== "analysis");
      closeChooser();
    }
    function goLive() {
      if (board.mode === "analysis") analysis.close();
      setMode("live");
      board.plyShown = last;
      box.dataset.ply = String(last);
      board.show(pos, board.live.last, movable ? color : void 0);
      board.label(null);
      if (list) list.mark(last);
    }
    board.goTo = (ply) => {
      if (!list || board.mode === "analysis") return;
      if (ply >= last) return goLive();
      setMode("review");
      board.plyShown = ply;
      box.dataset.ply = String(ply);
      const start5 = box.dataset.startFen || INITIAL_FEN;
      board.show(positionOf(ply ? list.fen(ply) : start5), lastMoveOf(ply ? list.uci(ply) : ""));
      if (ply) board.label(list.label(ply));
      else wrap.setAttribute("aria-label", board.words.start || liveLabel);
      list.mark(ply);
    };
    board.ply = () => board.plyShown;
    board.key = (event) => {
      if (!list || board.mode === "analysis") return;
      const ply = board.plyShown;
      const to = event.key === "Home" ? 0 : event.key === "End" ? last : event.shiftKey && event.key === "ArrowLeft" ? ply - 1 : event.shiftKey && event.key === "ArrowRight" ? ply + 1 : void 0;
      if (to === void 0) return;
      event.preventDefault();
      board.goTo(Math.max(0, Math.min(last, to)));
      board.speak(board.plyShown ? list.label(board.plyShown) : board.words.start || "");
    };
    function openAnalysis() {
      setMode("analysis");
      analysis.open();
      wrap.focus();
    }
    board.closeAnalysis = () => {
      goLive();
      if (analyse) analyse.focus();
    };
    function send(uci) {
      input.value = uci;
      box.dataset.move = uci;
      form.submit();
    }
    function take(uci) {
      if (board.mode === "analysis") analysis.play(uci);
      else if (board.mode === "live" && movable) send(uci);
    }
    let chooser = null;
    function played(orig, dest) {
      const at = board.shown;
      if (!at) return;
      if (promotes(at, orig, dest)) {
        const wasFocused = document.activeElement === wrap;
        chooser = choosePromotion(
          box,
          frame,
          pieceOn(at, orig).color,
          (letter) => {
            chooser = null;
            take(orig + dest + letter);
          },
          () => {
            chooser = null;
            redraw();
            if (wasFocused) wrap.focus();
          }
        );
        return;
      }
      take(normalise(at, orig, dest));
    }
    function closeChooser() {
      if (chooser) chooser.remove();
      chooser = null;
      frame.classList.remove("choosing");
    }
    function redraw() {
      if (board.mode === "analysis") analysis.redraw();
      else if (board.mode === "live") goLive();
      else board.goTo(board.plyShown);
    }
    attachCursor(board);
    box.dataset.mode = "live";
    box.dataset.ply = String(last);
    if (list) list.mark(last);
  }
  function start4() {
    document.documentElement.classList.add("board-js");
    document.querySelectorAll("#board[data-fen]").forEach(mount);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start4);
  else start4();
})();
